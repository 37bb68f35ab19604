import { test } from "node:test";
import assert from "node:assert/strict";

import { drawResult } from "./result_panel.mjs";
import { installDom } from "./test_dom.mjs";

test("the result shows its title, the match's end and each line", () => {
  const document = installDom();
  const element = document.createElement("section");
  drawResult(element, { title: "East-West win", lines: ["Blocked.", "+2"], match: "East-West win the match." });
  assert.equal(element.querySelector(".dw-result-title").textContent, "East-West win");
  assert.equal(element.querySelector(".dw-result-match").textContent, "East-West win the match.");
  assert.deepEqual([...element.querySelectorAll(".dw-result-line")].map((p) => p.textContent), ["Blocked.", "+2"]);
  drawResult(element, null);
  assert.equal(element.querySelector(".dw-result-title").textContent, "");
  assert.equal(element.querySelectorAll("p").length, 0);
});
