import type { Locator } from "playwright-core";
import { expect } from "vitest";

/**
 * Imports every previewed upload in Data sources' "Uploads" list, one after another as a person would: each click
 * takes the first file still "Ready to import", and the next waits until that one has left the state.
 */
export async function importEveryUpload(uploads: Locator, count: number): Promise<void> {
  for (let waiting = count; waiting > 0; waiting--) {
    await uploads
      .getByRole("button", { name: /^Import \d+ rows$/ })
      .first()
      .click();
    await expect
      .poll(() => uploads.getByText("Ready to import", { exact: true }).count(), { timeout: 30_000 })
      .toBe(waiting - 1);
  }
}
