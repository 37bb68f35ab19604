// A table's links page (/tables/<id>/invite): the copy buttons, and a link selected whole
// when clicked. The links and QR codes are drawn by the server (server/invitations.py).

/**
 * Copy `url`: by the clipboard API, else by selecting the link's `input` and asking for a copy.
 * @param {HTMLInputElement | null} input
 * @param {string} url
 */
function copyWith(input, url) {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(url);
  // plain http on a school network has no clipboard API: the old way still works there
  if (!input) return Promise.reject(new Error("no link to copy"));
  input.focus();
  input.select();
  return document.execCommand("copy") ? Promise.resolve() : Promise.reject(new Error("copy refused"));
}

function mount() {
  const status = document.getElementById("dw-copied");
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("input.dw-link"))) {
    input.addEventListener("focus", () => input.select());
  }
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("button.dw-copy"))) {
    button.addEventListener("click", async () => {
      const card = button.closest(".dw-invite-card");
      const input = /** @type {HTMLInputElement | null} */ (card?.querySelector("input.dw-link"));
      let copied = true;
      try {
        await copyWith(input, button.dataset.copy ?? "");
      } catch {
        copied = false;
        input?.focus();
      }
      for (const other of document.querySelectorAll(".dw-invite-card.dw-was-copied")) other.classList.remove("dw-was-copied");
      if (copied) card?.classList.add("dw-was-copied");
      if (status) status.textContent = (copied ? status.dataset.copied : status.dataset.copyFailed) ?? "";
    });
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mount, { once: true });
else mount();
