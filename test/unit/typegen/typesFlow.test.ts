// The `Generate Types…` questions on a scripted input port: what a node or a selection already gave is not asked, the
// database and models are picked from the palette, Python skips the client question, back and Escape.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  BACK,
  type Back,
  type InputPort,
  type PickManyQuestion,
  type PickQuestion,
  type TextQuestion,
} from '../../../src/core/connections/inputPort';
import type { ModelInfo } from '../../../src/core/schema/schemaTypes';
import { defaultTypesFileName, generateTypesFlow, type TypesFlowContext, type TypesTarget } from '../../../src/core/typegen/typesFlow';

type Answer = string | readonly string[] | Back | undefined;

/** Answers each question from a script (by step id) and records what was asked and what was offered. */
class ScriptedPort implements InputPort {
  readonly asked: string[] = [];
  readonly offered = new Map<string, string[]>();
  readonly positions: string[] = [];
  /** What each question had selected at first (its `active` item or its checked items). */
  readonly preselected = new Map<string, unknown>();
  constructor(private readonly script: Array<[string, Answer]>) {}

  #next(question: PickQuestion<unknown> | PickManyQuestion<unknown>): Answer {
    const entry = this.script.shift();
    assert.ok(entry, `an answer for ${question.id}`);
    assert.equal(entry[0], question.id, `asked ${question.id}, the script expected ${entry[0]}`);
    this.asked.push(question.id);
    this.positions.push(`${question.id} ${question.step}/${question.totalSteps}`);
    this.preselected.set(question.id, 'selected' in question ? question.selected : (question as PickQuestion<unknown>).active);
    this.offered.set(
      question.id,
      question.items.map((item) => String(item.value)),
    );
    return entry[1];
  }

  async askText<R>(question: TextQuestion<R>): Promise<R | Back | undefined> {
    assert.fail(`no text question expected (${question.id})`);
  }

  async pick<T>(question: PickQuestion<T>): Promise<T | Back | undefined> {
    const answer = this.#next(question as PickQuestion<unknown>);
    if (answer === undefined || answer === BACK) return answer;
    const item = question.items.find((candidate) => String(candidate.value) === answer);
    assert.ok(item, `${String(answer)} among ${question.items.map((candidate) => String(candidate.value)).join(', ')}`);
    return item.value;
  }

  async pickMany<T>(question: PickManyQuestion<T>): Promise<readonly T[] | Back | undefined> {
    const answer = this.#next(question as PickManyQuestion<unknown>);
    if (answer === undefined || answer === BACK) return answer;
    assert.ok(Array.isArray(answer));
    return answer.map((value) => {
      const item = question.items.find((candidate) => String(candidate.value) === value);
      assert.ok(item, `${value} offered`);
      return item.value;
    });
  }
}

const PRODUCTION: TypesTarget = { connectionName: 'production', database: 'prod' };
const STAGING: TypesTarget = { connectionName: 'staging', database: '' };
const MODELS: Record<string, ModelInfo[]> = {
  prod: [
    { model: 'res.partner', name: 'Contact' },
    { model: 'sale.order', name: 'Sales Order' },
  ],
  '': [{ model: 'res.users', name: 'User' }],
};

function context(
  given: Partial<Pick<TypesFlowContext, 'target' | 'givenModels' | 'projectModels'>> = {},
): TypesFlowContext & { listed: string[] } {
  const listed: string[] = [];
  return {
    ...given,
    listed,
    targets: async () => [PRODUCTION, STAGING],
    modelsOf: async (target) => {
      listed.push(target.database);
      return MODELS[target.database] ?? [];
    },
  };
}

describe('Generate Types questions', () => {
  test('from the palette: database, models, depth, language, client; the options json2 types takes', async () => {
    const port = new ScriptedPort([
      ['typesDatabase', 'production / prod'],
      ['typesModels', ['sale.order', 'res.partner']],
      ['typesDepth', '2'],
      ['typesLanguage', 'ts'],
      ['typesClient', 'yes'],
    ]);
    const flow = context();
    const choice = await generateTypesFlow(port, flow);
    assert.deepEqual(choice, {
      target: PRODUCTION,
      options: { lang: 'ts', models: ['sale.order', 'res.partner'], depth: 2, client: true },
    });
    assert.deepEqual(port.offered.get('typesDepth'), ['0', '1', '2', '3', '4', '5'], 'the depths json2 types --depth takes');
    assert.equal(port.preselected.get('typesDepth'), 0, 'the CLI’s default depth is preselected');
    assert.deepEqual(port.offered.get('typesDatabase'), ['production / prod', 'staging / (server default)']);
    assert.deepEqual(port.offered.get('typesModels'), ['res.partner', 'sale.order']);
    assert.deepEqual(flow.listed, ['prod']);
    assert.deepEqual(port.positions, ['typesDatabase 1/5', 'typesModels 2/5', 'typesDepth 3/5', 'typesLanguage 4/5', 'typesClient 5/5']);
  });

  test('on model nodes: only the depth and the language are asked for Python, and no client', async () => {
    const port = new ScriptedPort([
      ['typesDepth', '1'],
      ['typesLanguage', 'python'],
    ]);
    let scanned = false;
    const projectModels = async (): Promise<string[]> => {
      scanned = true;
      return ['sale.order'];
    };
    const flow = context({ target: PRODUCTION, givenModels: ['res.partner'], projectModels });
    const choice = await generateTypesFlow(port, flow);
    assert.deepEqual(choice, { target: PRODUCTION, options: { lang: 'python', models: ['res.partner'], depth: 1, client: false } });
    // Before the language is known the client question may follow: 2/3, and Python ends there.
    assert.deepEqual(port.positions, ['typesDepth 1/3', 'typesLanguage 2/3']);
    assert.deepEqual(flow.listed, [], 'the models are not listed when the selection gave them');
    assert.equal(scanned, false, 'the project is not scanned when the selection gave the models');
  });

  test('on a database node: models asked from that database; types only', async () => {
    const port = new ScriptedPort([
      ['typesModels', ['res.users']],
      ['typesDepth', '0'],
      ['typesLanguage', 'ts'],
      ['typesClient', 'no'],
    ]);
    const choice = await generateTypesFlow(port, context({ target: STAGING }));
    assert.deepEqual(choice, { target: STAGING, options: { lang: 'ts', models: ['res.users'], depth: 0, client: false } });
  });

  test('back from the client goes to the language; back from the first question, Escape or no model gives up', async () => {
    const back = new ScriptedPort([
      ['typesDepth', '3'],
      ['typesLanguage', 'ts'],
      ['typesClient', BACK],
      ['typesLanguage', BACK],
      ['typesDepth', '0'],
      ['typesLanguage', 'python'],
    ]);
    const choice = await generateTypesFlow(back, context({ target: PRODUCTION, givenModels: ['sale.order'] }));
    assert.equal(choice?.options.lang, 'python');
    assert.equal(choice?.options.depth, 0);
    assert.deepEqual(back.asked, ['typesDepth', 'typesLanguage', 'typesClient', 'typesLanguage', 'typesDepth', 'typesLanguage']);
    assert.equal(back.preselected.get('typesDepth'), 3, 'back shows the depth chosen before');

    assert.equal(await generateTypesFlow(new ScriptedPort([['typesDatabase', BACK]]), context()), undefined);
    assert.equal(await generateTypesFlow(new ScriptedPort([['typesDatabase', undefined]]), context()), undefined);
    const none = new ScriptedPort([
      ['typesDatabase', 'production / prod'],
      ['typesModels', []],
    ]);
    assert.equal(await generateTypesFlow(none, context()), undefined);
  });

  test('"Models this project uses": those the database has, no models question; or picked with them checked', async () => {
    const projectModels = async (): Promise<string[]> => ['res.nothing', 'res.partner', 'sale.order'];
    const used = new ScriptedPort([
      ['typesDatabase', 'production / prod'],
      ['typesScope', 'project'],
      ['typesDepth', '0'],
      ['typesLanguage', 'python'],
    ]);
    const choice = await generateTypesFlow(used, context({ projectModels }));
    assert.deepEqual(choice?.options.models, ['res.partner', 'sale.order'], 'a model the database lacks is left out');
    assert.deepEqual(used.offered.get('typesScope'), ['project', 'choose']);
    assert.equal(used.preselected.get('typesScope'), 'project');
    assert.deepEqual(used.positions, ['typesDatabase 1/6', 'typesScope 2/6', 'typesDepth 3/5', 'typesLanguage 4/5']);

    const picked = new ScriptedPort([
      ['typesDatabase', 'production / prod'],
      ['typesScope', 'choose'],
      ['typesModels', ['sale.order']],
      ['typesDepth', '0'],
      ['typesLanguage', 'python'],
    ]);
    assert.deepEqual((await generateTypesFlow(picked, context({ projectModels })))?.options.models, ['sale.order']);
    assert.deepEqual(picked.preselected.get('typesModels'), ['res.partner', 'sale.order'], 'the project’s models are checked');

    // None of the project's models is on the staging database: the models are picked instead.
    const elsewhere = new ScriptedPort([
      ['typesDatabase', 'staging / (server default)'],
      ['typesScope', 'project'],
      ['typesModels', ['res.users']],
      ['typesDepth', '0'],
      ['typesLanguage', 'python'],
    ]);
    assert.deepEqual((await generateTypesFlow(elsewhere, context({ projectModels })))?.options.models, ['res.users']);

    // A project that uses no model: no scope question.
    const none = new ScriptedPort([
      ['typesDatabase', 'production / prod'],
      ['typesModels', ['sale.order']],
      ['typesDepth', '0'],
      ['typesLanguage', 'python'],
    ]);
    assert.ok(await generateTypesFlow(none, context({ projectModels: async () => [] })));
  });

  test('the file name the save dialog suggests', () => {
    assert.equal(defaultTypesFileName('ts'), 'odooTypes.ts');
    assert.equal(defaultTypesFileName('python'), 'odoo_types.py');
  });
});
