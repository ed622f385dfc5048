// After a refresh of the schema, offers to regenerate each generated types file of the workspace that describes the
// refreshed database and no longer matches it (the comparison `json2 types --check` makes), once per change per file.
// Regenerate rewrites the file through a WorkspaceEdit, so Undo brings the old text back.
import fs from 'node:fs/promises';
import * as vscode from 'vscode';
import { isGeneratedTypes, mayBeGeneratedTypes, readOrigin, readStamp } from '../../core/typegen/generatedHeader';
import { describesRefreshed, RegenerationOffers } from '../../core/typegen/regenerationOffers';
import { checkTypes } from '../../core/typegen/typeGeneration';
import { type TypesTarget, typesTargetLabel } from '../../core/typegen/typesFlow';
import type { InvalidatedSchemas } from '../schema/schemaServices';
import { generateWithProgress, type TypesDeps } from './typesCommands';

/** A file that no longer matches its database's schema. */
export interface RegenerationOffer {
  readonly uri: vscode.Uri;
  readonly target: TypesTarget;
  readonly differences: readonly string[];
}

export type OfferAnswer = 'regenerate' | 'notNow' | undefined;
/** Asks the person (a notification); tests answer in its place. */
export type OfferPrompt = (offer: RegenerationOffer) => Promise<OfferAnswer>;

/** What one refresh led to, for tests: each offer made, the answer and whether the file was rewritten. */
export interface OfferOutcome extends RegenerationOffer {
  readonly answer: OfferAnswer;
  readonly regenerated: boolean;
}

const GENERATED_FILES = '**/*.{ts,py}';
const SKIPPED_FOLDERS = '**/{node_modules,.git,.venv,venv,site-packages,__pycache__}/**';
const OFFERS_KEY = 'json2.types.regenerationOffers';

export const notificationOfferPrompt: OfferPrompt = async (offer) => {
  const regenerate = vscode.l10n.t('Regenerate');
  const notNow = vscode.l10n.t('Not now');
  const count = offer.differences.length;
  const message = vscode.l10n.t(
    '{0} no longer matches the schema of {1} ({2}{3}). Regenerate it?',
    vscode.workspace.asRelativePath(offer.uri),
    typesTargetLabel(offer.target),
    offer.differences[0],
    count > 1 ? vscode.l10n.t(' and {0} more', count - 1) : '',
  );
  const chosen = await vscode.window.showInformationMessage(message, regenerate, notNow);
  return chosen === regenerate ? 'regenerate' : chosen === notNow ? 'notNow' : undefined;
};

/** The first bytes of a file (all of it when it is not on disk), for the cheap test before reading it whole. */
async function headOf(uri: vscode.Uri): Promise<string> {
  if (uri.scheme !== 'file') return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  const handle = await fs.open(uri.fsPath, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(256), 0, 256, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** The generated types files of the workspace, with their text. */
async function generatedFiles(): Promise<{ uri: vscode.Uri; text: string }[]> {
  const uris = await vscode.workspace.findFiles(GENERATED_FILES, SKIPPED_FOLDERS, 5000);
  const files: { uri: vscode.Uri; text: string }[] = [];
  for (const uri of uris.sort((a, b) => a.fsPath.localeCompare(b.fsPath))) {
    if (!mayBeGeneratedTypes(await headOf(uri).catch(() => ''))) continue;
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri).then(undefined, () => new Uint8Array()));
    if (isGeneratedTypes(text)) files.push({ uri, text });
  }
  return files;
}

/** Replaces the whole text of the file as one undoable edit, and saves it. */
async function rewrite(uri: vscode.Uri, text: string): Promise<boolean> {
  const document = await vscode.workspace.openTextDocument(uri);
  const whole = document.validateRange(new vscode.Range(0, 0, document.lineCount, 0));
  const edit = new vscode.WorkspaceEdit();
  edit.replace(uri, whole, text);
  return (await vscode.workspace.applyEdit(edit)) && (await document.save());
}

export class TypesRegeneration {
  readonly #offers: RegenerationOffers;
  #running: Promise<OfferOutcome[]> = Promise.resolve([]);

  constructor(
    private readonly deps: TypesDeps,
    private readonly prompt: () => OfferPrompt,
  ) {
    const state = deps.workspaceState;
    this.#offers = new RegenerationOffers({
      get: () => state.get<Record<string, string>>(OFFERS_KEY, {}),
      set: (offers) => state.update(OFFERS_KEY, offers),
    });
  }

  /** Checks the files describing what was refreshed, after any check already running; resolves with what it offered. */
  afterRefresh(refreshed: InvalidatedSchemas): Promise<OfferOutcome[]> {
    // A check that fails (the workspace cannot be listed) offers nothing; the next refresh tries again.
    this.#running = this.#running.then(() => this.#check(refreshed)).catch(() => []);
    return this.#running;
  }

  async #check(refreshed: InvalidatedSchemas): Promise<OfferOutcome[]> {
    const outcomes: OfferOutcome[] = [];
    for (const file of await generatedFiles()) {
      const target = this.#targetOf(file.text, refreshed);
      const differences = target && (await this.#differences(file.text, target));
      if (!target || !differences || !(await this.#offers.shouldOffer(file.uri.toString(), differences))) continue;
      const offer = { uri: file.uri, target, differences };
      const answer = await this.prompt()(offer);
      const regenerated = answer === 'regenerate' && (await this.#regenerate(offer, file.text));
      outcomes.push({ ...offer, answer, regenerated });
    }
    return outcomes;
  }

  /** The connection and database a file describes, when they are among those refreshed. */
  #targetOf(text: string, refreshed: InvalidatedSchemas): TypesTarget | undefined {
    const origin = readOrigin(text);
    if (!origin) return undefined;
    const wanted = refreshed.connectionName?.toLowerCase();
    const connection = this.deps.connections
      .list()
      .find(
        (each) =>
          (wanted === undefined || each.profile.name.toLowerCase() === wanted) &&
          describesRefreshed(origin, { server: each.profile.baseUrl, database: refreshed.database }),
      );
    return connection && { connectionName: connection.profile.name, database: origin.database ?? '' };
  }

  /** What differs from today's schema; undefined when the schema cannot be read now (nothing is offered). */
  async #differences(text: string, target: TypesTarget): Promise<readonly string[] | undefined> {
    try {
      const schema = await this.deps.schemas.schema(target.connectionName, target.database);
      return (await checkTypes(text, schema)).differences;
    } catch {
      return undefined;
    }
  }

  async #regenerate(offer: RegenerationOffer, text: string): Promise<boolean> {
    const generated = await generateWithProgress(this.deps, { target: offer.target, options: readStamp(text) });
    if (!generated || !(await rewrite(offer.uri, generated.text))) return false;
    await this.#offers.forget(offer.uri.toString());
    return true;
  }
}
