import { test } from "node:test";
import assert from "node:assert/strict";

import { noticeFlasher } from "./notice.mjs";
import { fakeTimers, installDom } from "../common/test_dom.mjs";

test("a notice shows its text and kind, keeps the reason for the tooltip, then hides", () => {
  const document = installDom();
  const element = document.createElement("div");
  const timers = fakeTimers();
  const notice = noticeFlasher(element, { ms: 4500, timers });
  notice.flash("6-5 fits neither end.", "refused", "no_match");
  assert.equal(element.textContent, "6-5 fits neither end.");
  assert.equal(element.dataset.kind, "refused");
  assert.equal(element.title, "no_match");
  assert.ok(element.classList.contains("dw-visible"));
  notice.flash("again", "info");
  assert.equal(timers.pending.length, 1, "a new notice restarts the one timer");
  assert.equal(element.title, "");
  timers.run();
  assert.ok(!element.classList.contains("dw-visible"));
});

test("hide takes the notice away before its time and stops its timer", () => {
  const document = installDom();
  const element = document.createElement("div");
  const timers = fakeTimers();
  const notice = noticeFlasher(element, { ms: 4500, timers });
  notice.flash("You drew 5-6: it fits, play it now.", "info");
  notice.hide();
  assert.ok(!element.classList.contains("dw-visible"));
  notice.flash("again", "info");
  assert.ok(element.classList.contains("dw-visible"), "the next notice shows as usual");
});
