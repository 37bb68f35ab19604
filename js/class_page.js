// A class's teacher page (/classes/<id>/teacher): the progress redrawn every 15 seconds, live.
// The server draws the table (server/class_pages.py); this only fetches the page again and
// swaps the progress in, so nothing of a class is decided or drawn here.

const EVERY_MS = 15000;

async function refresh() {
  const shown = document.getElementById("dw-progress");
  if (!shown || document.hidden) return;
  try {
    const answer = await fetch(window.location.href, { cache: "no-store", credentials: "same-origin" });
    if (!answer.ok) return;
    const fresh = new DOMParser().parseFromString(await answer.text(), "text/html").getElementById("dw-progress");
    if (fresh && fresh.innerHTML !== shown.innerHTML) shown.innerHTML = fresh.innerHTML;
  } catch {
    // offline for a moment: the next round tries again
  }
}

if (document.getElementById("dw-progress")) setInterval(refresh, EVERY_MS);
