// The language-model tools package.json contributes are the core's agent tools: same names, descriptions and schemas.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { AGENT_TOOLS } from '../../../src/core/agentTools/agentToolDefinitions';
import { repoRoot } from '../cli/cliHarness';

interface ContributedTool {
  name: string;
  modelDescription: string;
  inputSchema: unknown;
  displayName: string;
  when?: string;
}

test("package.json contributes every agent tool with the core's model description and input schema, only in trusted workspaces", () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    contributes: { languageModelTools: ContributedTool[] };
    capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
  };
  const nls = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.nls.json'), 'utf8')) as Record<string, string>;
  const contributed = manifest.contributes.languageModelTools;
  assert.deepEqual(
    contributed.map((tool) => tool.name),
    AGENT_TOOLS.map((tool) => tool.name),
  );
  for (const [index, tool] of AGENT_TOOLS.entries()) {
    assert.equal(contributed[index].modelDescription, tool.description, tool.name);
    assert.deepEqual(contributed[index].inputSchema, tool.inputSchema, tool.name);
    assert.equal(nls[contributed[index].displayName.slice(1, -1)], tool.title, tool.name);
    assert.match(contributed[index].when ?? '', /isWorkspaceTrusted/);
  }
  assert.ok(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations.includes('json2.agentTools.allowWrites'));
});
