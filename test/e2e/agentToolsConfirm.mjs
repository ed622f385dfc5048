// UI test: an agent's write through the json2_call_method tool, with json2.agentTools.allowWrites on, waits for a
// person. Outside a chat the editor asks in a modal dialog (the tool's prepareInvocation names model, method, the
// records wherever the input puts their ids, the values to be written and the connection): "Yes" sends the write, "Cancel" sends nothing; on a production connection a second dialog (the
// connection's own confirmation) must be answered "Send" too. Each outcome is checked on the sandbox itself.
// The agent is a small helper extension (test/e2e/agentCaller) that calls vscode.lm.invokeTool from a command.
//   node test/e2e/agentToolsConfirm.mjs [--vsix FILE] [--out DIR] [--timeout SECONDS] [--keep]
// Needs `npm run package` (the .vsix) and `node scripts/build.mjs --tests` (the sandbox's test API in out/).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { installExtension } from '../host/codeServer.mjs';
import { installHost } from '../host/installHost.mjs';
import { root, runUiTest, uiTestOptions } from './uiTestKit.mjs';
import { workbenchActions } from './workbenchActions.mjs';

const { options, timeout } = uiTestOptions({ out: 'test-results/agent-tools-confirm' });

/** Calls the sandbox directly (not through the extension under test) with the admin's key. */
async function sandboxCall(sandbox, model, method, body) {
  const answer = await fetch(`${sandbox.url}/json/2/${model}/${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.keys.admin}`, 'content-type': 'application/json', 'x-service-database': sandbox.database },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${model}/${method}: ${answer.status} ${await answer.text()}`);
  return answer.json();
}

/** The helper extension packaged into the scratch folder with vsce. */
async function packageAgentCaller(scratch) {
  const { createVSIX } = createRequire(import.meta.url)('@vscode/vsce');
  const packagePath = path.join(scratch, 'agent-caller.vsix');
  await createVSIX({
    cwd: path.join(root, 'test/e2e/agentCaller'),
    packagePath,
    dependencies: false,
    allowMissingRepository: true,
    skipLicense: true,
  });
  return packagePath;
}

runUiTest(
  {
    name: 'agent-tools-confirm',
    options,
    timeout,
    kept: `screenshots: ${options.out}`,
    failureScreenshot: path.join(options.out, 'failure.png'),
  },
  async (session) => {
    const { step } = session;
    fs.rmSync(options.out, { recursive: true, force: true });
    fs.mkdirSync(options.out, { recursive: true });
    const sandbox = await session.startSandbox();
    const [partner] = await sandboxCall(sandbox, 'res.partner', 'search_read', {
      domain: [['name', '=', 'Brouwerij De Kroon']],
      fields: ['comment'],
    });
    const comment = async () => (await sandboxCall(sandbox, 'res.partner', 'read', { ids: [partner.id], fields: ['comment'] }))[0].comment;

    await step('package the agent caller and install it next to the extension', async () => {
      installExtension(installHost(), await packageAgentCaller(session.scratch), session.userDataDir, session.extensionsDir);
    });
    const page = await session.openWorkbench({
      'json2.connections': [
        { name: 'agents', baseUrl: sandbox.url, database: sandbox.database },
        { name: 'live', baseUrl: sandbox.url, database: sandbox.database, production: true },
      ],
      'json2.agentTools.allowWrites': true,
    });
    const ui = workbenchActions(page, timeout);
    await step('store the key of "agents" and of "live" with Update API Key', async () => {
      await ui.updateApiKey('agents', sandbox.keys.admin);
      await ui.updateApiKey('live', sandbox.keys.admin);
    });

    let calls = 0;
    /** The agent asks for a write of `text` as the partner's comment through `connection`; resolves once it is asked. */
    const askWrite = async (connection, text, { idsInArguments = false } = {}) => {
      calls += 1;
      const records = idsInArguments
        ? { args: { ids: [partner.id], vals: { comment: text } } }
        : { ids: [partner.id], args: { vals: { comment: text } } };
      const call = { id: calls, tool: 'json2_call_method', input: { connection, model: 'res.partner', method: 'write', ...records } };
      fs.writeFileSync(path.join(session.workspace, 'agent-call.json'), JSON.stringify(call));
      await ui.runCommand('Agent Caller: Invoke the Tool in agent-call.json');
      return calls;
    };
    /** The modal dialog that shows `text`; answers it with the button `label` after a screenshot. */
    const answerDialog = async (text, label, screenshot, alsoShown = []) => {
      const dialog = page.locator('.monaco-dialog-box', { hasText: text });
      await dialog.waitFor({ timeout });
      const shown = await dialog.innerText();
      for (const expected of alsoShown) if (!shown.includes(expected)) throw new Error(`the dialog does not show ${expected}: ${shown}`);
      if (screenshot) await page.screenshot({ path: path.join(options.out, screenshot) });
      await dialog
        .locator('.monaco-button', { hasText: new RegExp(`^${label}$`) })
        .first()
        .click({ timeout });
      await dialog.waitFor({ state: 'detached', timeout });
    };
    /** What the agent got back from call `id`. */
    const outcome = async (id) => {
      const file = path.join(session.workspace, `agent-result-${id}.json`);
      for (const deadline = Date.now() + timeout; !fs.existsSync(file); ) {
        if (Date.now() > deadline) throw new Error(`the agent caller wrote no ${path.basename(file)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return JSON.parse(fs.readFileSync(file, 'utf8'));
    };

    await step('a write the person confirms with "Yes" is sent: the record changes', async () => {
      const id = await askWrite('agents', 'confirmed by a person');
      await answerDialog('The agent wants to call res.partner.write', 'Yes', '01-confirm-write.png');
      const result = await outcome(id);
      if (!result.invoked || JSON.parse(result.text).error) throw new Error(`the confirmed write failed: ${JSON.stringify(result)}`);
      if ((await comment()) !== 'confirmed by a person') throw new Error(`the comment is ${JSON.stringify(await comment())}`);
    });
    await step('a write whose ids are among its arguments names them and the values; cancelled, it is not sent', async () => {
      const id = await askWrite('agents', 'declined', { idsInArguments: true });
      await answerDialog('The agent wants to call res.partner.write', 'Cancel', '01b-ids-in-arguments.png', [
        `on 1 record(s) (ids ${partner.id})`,
        '{"vals":{"comment":"declined"}}',
      ]);
      const result = await outcome(id);
      if (result.invoked || !/Cancel/i.test(result.error)) throw new Error(`the declined call answered ${JSON.stringify(result)}`);
      if ((await comment()) !== 'confirmed by a person') throw new Error(`the comment is ${JSON.stringify(await comment())}`);
    });
    await step(
      'on a production connection, "Yes" then the connection\'s own question: Cancel sends nothing (the agent told it was declined), Send sends',
      async () => {
        const declined = await askWrite('live', 'production, declined');
        await answerDialog('The agent wants to call res.partner.write', 'Yes');
        await answerDialog('production connection "live"', 'Cancel', '02-production-question.png');
        const refused = await outcome(declined);
        if (!refused.invoked || JSON.parse(refused.text).kind !== 'declined' || !/was not confirmed/.test(JSON.parse(refused.text).error))
          throw new Error(`the declined production write answered ${JSON.stringify(refused)}`);
        if ((await comment()) !== 'confirmed by a person') throw new Error(`the comment is ${JSON.stringify(await comment())}`);
        const sent = await askWrite('live', 'production, sent');
        await answerDialog('The agent wants to call res.partner.write', 'Yes');
        await answerDialog('production connection "live"', 'Send');
        const result = await outcome(sent);
        if (!result.invoked || JSON.parse(result.text).error)
          throw new Error(`the confirmed production write failed: ${JSON.stringify(result)}`);
        if ((await comment()) !== 'production, sent') throw new Error(`the comment is ${JSON.stringify(await comment())}`);
      },
    );
  },
);
