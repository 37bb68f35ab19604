import { test } from "node:test";
import assert from "node:assert/strict";

import { drawResult } from "./result_panel.mjs";
import { installDom } from "./test_dom.mjs";
import { present } from "./test_helpers.mjs";

test("the result shows its title, the match's end and each line", () => {
  const document = installDom();
  const element = document.createElement("section");
  drawResult(element, { title: "East-West win", lines: ["Blocked.", "+2"], match: "East-West win the match." });
  assert.equal(present(element.querySelector(".dw-result-title")).textContent, "East-West win");
  assert.equal(present(element.querySelector(".dw-result-match")).textContent, "East-West win the match.");
  assert.deepEqual([...element.querySelectorAll(".dw-result-line")].map((p) => p.textContent), ["Blocked.", "+2"]);
  drawResult(element, null);
  assert.equal(present(element.querySelector(".dw-result-title")).textContent, "");
  assert.equal(element.querySelectorAll("p").length, 0);
});

test("the Replay's words box titles its result with an h3 (its panels' level), the Table's tray with an h2", () => {
  const document = installDom();
  const element = document.createElement("section");
  drawResult(element, { title: "North-South win", lines: [] }, { heading: "h3" });
  assert.equal(present(element.querySelector(".dw-result-title")).tagName, "H3");
  drawResult(element, { title: "North-South win", lines: [] });
  assert.equal(present(element.querySelector(".dw-result-title")).tagName, "H2");
});
