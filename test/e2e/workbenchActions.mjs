// What a person does in the code-server workbench, as the UI tests do it: Quick Open, the command palette, the quick
// input's steps, a context menu, the API key's password box, screenshots. Each wait is bounded by `timeout` (ms).
import fs from 'node:fs';
import path from 'node:path';

export function workbenchActions(page, timeout) {
  const quickInput = page.locator('.quick-input-widget');
  const input = quickInput.locator('input.input').first();
  const message = quickInput.locator('.quick-input-message');
  const row = (label) => quickInput.locator('.monaco-list-row', { hasText: label }).first();

  /** What the open quick input says: its title, message and placeholder (pick steps ask in the placeholder). */
  const quickInputText = async () =>
    `${await quickInput
      .locator('.quick-input-title')
      .first()
      .textContent()
      .catch(() => '')} ` +
    `${await message
      .first()
      .textContent()
      .catch(() => '')} ${await input.getAttribute('placeholder', { timeout: 1000 }).catch(() => '')}`;

  return {
    quickInput,
    input,
    message,
    quickInputText,

    /** Waits until the quick input's title, message or placeholder says `text`. */
    async waitForQuickInput(text) {
      for (const deadline = Date.now() + timeout; !(await quickInputText()).includes(text); ) {
        if (Date.now() > deadline) throw new Error(`no step saying "${text}" (showing: ${await quickInputText()})`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },

    /**
     * Waits until the quick input's value matches `pattern` and returns it. The simple save dialog fills its value in
     * steps (the folder first, then the suggested name), so a value read once may be a step too early.
     */
    async waitForInputValue(pattern) {
      for (const deadline = Date.now() + timeout; ; ) {
        const value = await input.inputValue();
        if (pattern.test(value)) return value;
        if (Date.now() > deadline) throw new Error(`the input never matched ${pattern} (it shows ${value})`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },

    /** Waits for the quick input's row that shows `label`, then Enter. */
    async pickRow(label) {
      await row(label).waitFor({ timeout });
      await page.keyboard.press('Enter');
    },

    /** Ctrl+P, the file's name, Enter; waits until the editor shows `text`. */
    async quickOpen(name, text) {
      await page.keyboard.press('Control+P');
      await input.waitFor({ timeout });
      await input.fill(name);
      await row(name).waitFor({ timeout });
      await page.keyboard.press('Enter');
      await page.locator('.monaco-editor .view-lines', { hasText: text }).first().waitFor({ timeout });
    },

    /**
     * F1 and the command's title, until the palette lists it (right after start-up it may not list the extension's
     * commands yet: closed and asked again, as a person would). Leaves the palette open on it.
     */
    async findCommand(command) {
      for (const deadline = Date.now() + timeout; ; ) {
        await page.keyboard.press('F1');
        await input.waitFor({ timeout });
        await input.fill(`>${command}`);
        if (
          await row(command)
            .waitFor({ timeout: 5000 })
            .then(
              () => true,
              () => false,
            )
        )
          return;
        if (Date.now() > deadline) throw new Error(`the command palette never listed ${command}`);
        await page.keyboard.press('Escape');
      }
    },

    /** Runs a command from the palette. */
    async runCommand(command) {
      await this.findCommand(command);
      await page.keyboard.press('Enter');
    },

    /** Types `key` in the API key's password box, Enter; waits for the notification that it was checked and stored. */
    async enterApiKey(key) {
      await quickInput.locator('input[type="password"]').first().waitFor({ timeout });
      await page.keyboard.type(key);
      await page.keyboard.press('Enter');
      await page.locator('.notification-toast', { hasText: 'checked and stored' }).first().waitFor({ timeout });
    },

    /** JSON-2: Update API Key… from the palette for `connection`, the key typed in the password box. */
    async updateApiKey(connection, key) {
      await this.runCommand('JSON-2: Update API Key');
      await this.pickRow(connection);
      await this.enterApiKey(key);
    },

    /** Opens the JSON-2 view from the activity bar. */
    async openJson2View() {
      await page
        .locator(
          '.activitybar .action-item a[aria-label^="JSON-2"], .activitybar .action-item .action-label[aria-label^="JSON-2"], ' +
            '.activitybar .action-item[aria-label^="JSON-2"]',
        )
        .first()
        .click({ timeout });
    },

    /**
     * Right-clicks `target` and chooses `label` from its context menu with the keyboard: the item is hovered until the
     * menu marks it focused, then Enter. (A click that lands while the menu is still opening only highlights the item.)
     */
    async chooseFromContextMenu(target, label) {
      await target.click({ button: 'right' });
      const item = page.locator('.monaco-menu .action-item', { hasText: label }).first();
      const focused = page.locator('.monaco-menu .action-item.focused', { hasText: label }).first();
      await item.waitFor({ timeout });
      for (const deadline = Date.now() + timeout; ; ) {
        await item.hover();
        if (
          await focused.waitFor({ timeout: 1000 }).then(
            () => true,
            () => false,
          )
        )
          break;
        if (Date.now() > deadline) throw new Error(`the context menu never focused "${label}"`);
        await page.mouse.move(0, 0);
      }
      await page.keyboard.press('Enter');
    },

    /** A screenshot of the page at `file`, its folder made first. */
    async screenshot(file) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await page.screenshot({ path: file });
    },
  };
}
