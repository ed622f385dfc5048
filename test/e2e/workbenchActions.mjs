// What a person does in the code-server workbench, as the UI tests do it: Quick Open, the command palette, the quick
// input's steps, a context menu, the API key's password box, screenshots. Each wait is bounded by `timeout` (ms) and
// waits on what the page shows (polled), never for a fixed time.
import fs from 'node:fs';
import path from 'node:path';

const POLL_MS = 100;

export function workbenchActions(page, timeout) {
  const quickInput = page.locator('.quick-input-widget');
  const input = quickInput.locator('input.input').first();
  const message = quickInput.locator('.quick-input-message');

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

  /**
   * The quick input as the page shows it, read at once: whether it shows, whether its input has the focus, the
   * input's value, and the rows it lists (each row's own label, without description or detail; `focused` is the row
   * Enter would take).
   */
  const inputState = () =>
    page.evaluate(() => {
      const widget = document.querySelector('.quick-input-widget');
      const box = widget?.querySelector('input.input');
      const shown = !!widget && widget.getClientRects().length > 0;
      const rows = shown
        ? [...widget.querySelectorAll('.monaco-list-row')]
            .filter((element) => element.getClientRects().length > 0)
            .map((element) => ({
              label: element.querySelector('.label-name')?.textContent?.trim() ?? '',
              focused: element.classList.contains('focused'),
            }))
        : [];
      return { shown, focused: !!box && document.activeElement === box, value: box?.value ?? '', rows };
    });
  /** What a failure message says of the quick input (never its value when it is a password box). */
  const described = (state, secret) =>
    `${state.shown ? 'showing' : 'hidden'}, input ${state.focused ? 'focused' : 'not focused'}, ` +
    `value ${secret ? '(secret)' : JSON.stringify(state.value)}, rows ${JSON.stringify(state.rows.map((each) => each.label))}`;
  /**
   * Polls the quick input until `done(state)` holds and returns that state; throws after `limit` (default `timeout`)
   * saying what it waited for and what showed.
   */
  const waitForState = async (what, done, { secret = false, limit = timeout } = {}) => {
    for (const deadline = Date.now() + limit; ; ) {
      const state = await inputState();
      if (done(state)) return state;
      if (Date.now() > deadline) throw new Error(`${what}: never (${described(state, secret)})`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
  const focusedLabel = (state) => state.rows.find((each) => each.focused)?.label;
  /**
   * In the quick input showing, types `label` as the filter (again if the input lost it), waits until the row Enter
   * would take is the one labelled `label`, and only then presses Enter; returns once the input has taken it (hidden,
   * or moved on to another value).
   */
  const chooseRow = async (label) => {
    for (const deadline = Date.now() + timeout; ; ) {
      const state = await inputState();
      if (state.shown && (state.value !== label || !state.focused)) await input.fill(label, { timeout });
      else if (state.shown && focusedLabel(state) === label) break;
      if (Date.now() > deadline) throw new Error(`the quick input never focused the row "${label}" (${described(state)})`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    await page.keyboard.press('Enter');
    await waitForState(`the quick input takes "${label}"`, (state) => !state.shown || state.value !== label);
  };

  return {
    quickInput,
    input,
    message,
    quickInputText,
    inputState,

    /** Waits until the quick input's title, message or placeholder says `text`. */
    async waitForQuickInput(text) {
      for (const deadline = Date.now() + timeout; !(await quickInputText()).includes(text); ) {
        if (Date.now() > deadline) throw new Error(`no step saying "${text}" (showing: ${await quickInputText()})`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
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
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },

    /**
     * Types `text` into the quick input once it shows with its input focused, and checks that the input holds it
     * (typed again if not: under load a keystroke can reach the input before it is ready). `secret`: the value is never
     * put in an error message.
     */
    async typeInput(text, { secret = false } = {}) {
      await waitForState('the quick input shows with its input focused', (state) => state.shown && state.focused, { secret });
      for (const deadline = Date.now() + timeout; ; ) {
        await input.fill(text, { timeout });
        const state = await inputState();
        if (state.shown && state.value === text) return;
        if (Date.now() > deadline) throw new Error(`the quick input never held what was typed (${described(state, secret)})`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },

    /**
     * Chooses the pick's row labelled `label`, as a person would: waits until the pick lists its items with its input
     * focused, types the label as the filter, and presses Enter only once the row Enter takes is that one (checked, not
     * assumed: under load the filter lags behind the typing). `label` is the row's whole label (not its description)
     * and must be the best match of its own text.
     */
    async pickRow(label) {
      await waitForState(`a pick listing its items with its input focused, to choose "${label}"`, (state) => {
        return state.shown && state.focused && state.rows.length > 0;
      });
      await chooseRow(label);
    },

    /**
     * Ctrl+P, the file's name, Enter once the file's row is the one chosen; waits until the editor shows `text`. Ctrl+P
     * is pressed again while Quick Open has not shown after a few seconds, as a person would: under load a key pressed
     * while the focus moves from a webview to the workbench was seen lost.
     */
    async quickOpen(name, text) {
      const shown = (state) => state.shown && state.focused;
      for (const deadline = Date.now() + timeout; ; ) {
        await page.keyboard.press('Control+P');
        const limit = Math.max(0, Math.min(5000, deadline - Date.now()));
        const state = await waitForState('Quick Open shows with its input focused', shown, { limit }).catch((error) => {
          if (Date.now() >= deadline) throw error;
          return undefined;
        });
        if (state) break;
      }
      await chooseRow(name);
      await page.locator('.monaco-editor .view-lines', { hasText: text }).first().waitFor({ timeout });
    },

    /**
     * F1 and the command's title, until the palette's focused row is that command (right after start-up it may not
     * list the extension's commands yet: closed and asked again, as a person would). Leaves the palette open on it.
     */
    async findCommand(command) {
      const filter = `>${command}`;
      const isCommand = (label) => label !== undefined && label.replace(/(…|\.\.\.)$/, '') === command;
      for (const deadline = Date.now() + timeout; ; ) {
        await page.keyboard.press('F1');
        await waitForState('the command palette opens', (state) => state.shown && state.focused && state.value.startsWith('>'));
        await input.fill(filter, { timeout });
        const listed = await waitForState(
          `the palette focuses ${command}`,
          (state) => state.value !== filter || isCommand(focusedLabel(state)),
          { limit: 5000 },
        ).then(
          (state) => state.value === filter,
          () => false,
        );
        if (listed) return;
        if (Date.now() > deadline) throw new Error(`the command palette never listed ${command}`);
        await page.keyboard.press('Escape');
      }
    },

    /** Runs a command from the palette; returns once the palette has closed (or given way to the command's own input). */
    async runCommand(command) {
      await this.findCommand(command);
      await page.keyboard.press('Enter');
      await waitForState(`the palette runs ${command}`, (state) => !state.shown || state.value !== `>${command}`);
    },

    /**
     * Types `key` in the API key's password box (checked that it holds it), Enter; waits for the notification that the
     * key of `connection` (of some connection when not given) was checked and stored.
     */
    async enterApiKey(key, connection) {
      await quickInput.locator('input[type="password"]').first().waitFor({ timeout });
      await this.typeInput(key, { secret: true });
      await page.keyboard.press('Enter');
      const stored = connection === undefined ? 'checked and stored' : `The key of "${connection}" was checked and stored`;
      await page.locator('.notification-toast', { hasText: stored }).first().waitFor({ timeout });
    },

    /** JSON-2: Update API Key… from the palette for `connection`, the key typed in the password box. */
    async updateApiKey(connection, key) {
      await this.runCommand('JSON-2: Update API Key');
      await this.pickRow(connection);
      await this.enterApiKey(key, connection);
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
     * Clicks a row of a tree. The mouse leaves the tree first and the tooltip it left is waited away: a row's tooltip
     * opens below the row last pointed at, stays open while the mouse is over it, and so caught the click meant for
     * the row under it (seen under load in schema-comparison: 30 s of "subtree intercepts pointer events").
     */
    async clickTreeRow(row, options = {}) {
      await page.mouse.move(0, 0);
      await page
        .locator('.context-view .monaco-hover')
        .first()
        .waitFor({ state: 'hidden', timeout: 5000 })
        .catch(() => undefined);
      await row.click({ timeout, ...options });
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
