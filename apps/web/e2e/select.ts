import type { Locator, Page } from "playwright-core";

/**
 * Picks an option of a select (a Radix combobox) by its label, within `scope`. The option is focused and chosen
 * with Enter (a click can land while the list still scrolls), then the list must have closed: while it is open,
 * Radix hides the rest of the page from the accessibility tree, so the next field could not be found.
 */
export async function choose(page: Page, scope: Page | Locator, label: string, option: string | RegExp) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).first().focus();
  await page.keyboard.press("Enter");
  await page.getByRole("listbox").waitFor({ state: "hidden" });
}
