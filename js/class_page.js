// A class's live parts: the teacher's progress (/classes/<id>/teacher) and, while the judge is
// still at work, "how the class played it" on a finished deal's page. Each part marked
// data-dw-live="SECONDS" is fetched again that often. The server draws everything
// (server/class_pages.py); this only fetches the page again and swaps the parts in, so nothing
// of a class is decided or drawn here. A part the server no longer marks live stops.

/** @returns {HTMLElement[]} */
const live = () => [...document.querySelectorAll("[data-dw-live]")].filter((part) => part instanceof HTMLElement);

async function refresh() {
  const shown = live();
  if (!shown.length) return;
  if (!document.hidden) {
    try {
      const answer = await fetch(window.location.href, { cache: "no-store", credentials: "same-origin" });
      if (answer.ok) {
        const fresh = new DOMParser().parseFromString(await answer.text(), "text/html");
        for (const part of shown) {
          const now = part.id ? fresh.getElementById(part.id) : null;
          if (!now) continue;
          if (now.innerHTML !== part.innerHTML) part.innerHTML = now.innerHTML;
          if (!now.hasAttribute("data-dw-live")) part.removeAttribute("data-dw-live");
        }
      }
    } catch {
      // offline for a moment: the next round tries again
    }
  }
  schedule();
}

function schedule() {
  const every = Math.min(...live().map((part) => Number(part.dataset.dwLive) || 15));
  if (Number.isFinite(every)) setTimeout(refresh, every * 1000);
}

schedule();
