// The status bar's company and language items of the active connection: they show who calls, as which company, in
// which language, and switch the connection's default context (company or language) from the server's own lists.
import * as vscode from 'vscode';
import type { SavedConnection } from '../../core/connections/connectionProfile';
import {
  describeIdentity,
  loadContextChoices,
  orderChosenCompanies,
  withContextKey,
  type ContextChoices,
} from '../../core/connections/contextChoices';
import { BACK, type InputPort } from '../../core/connections/inputPort';
import { escapeMarkdown } from '../../core/untrustedText/markdownEscape';
import { CommandIds } from '../commandIds';
import { serverMarkdown } from '../serverMarkdown';
import type { ConnectionService } from './connectionService';
import type { ConnectionSettingsStore } from './connectionSettingsStore';

/** The value of the "user's own" items (no key in the default context). */
const OWN = '';

/** Lists asked of one server for one user stay right when only the connection's context changes. */
function choicesKey(saved: SavedConnection): string {
  const { name, baseUrl, database, user } = saved.profile;
  return JSON.stringify([name, baseUrl, database ?? null, user?.id ?? null]);
}

/** The value of the item that opens the check boxes of several companies. */
const SEVERAL = '*';

const companyDescription = (choices: ContextChoices, id: number) =>
  id === choices.defaultCompanyId ? vscode.l10n.t('default company · id {0}', id) : vscode.l10n.t('id {0}', id);

/** The company pick's items: each company, all of them and several (with more than one), the user's default. */
function companyItems(choices: ContextChoices): { label: string; description?: string; value: string }[] {
  const all = choices.companies.map((company) => company.id).join(',');
  return [
    ...choices.companies.map((company) => ({
      label: company.name,
      description: companyDescription(choices, company.id),
      value: String(company.id),
    })),
    ...(choices.companies.length > 1
      ? [{ label: vscode.l10n.t('All my companies'), description: choices.companies.map((company) => company.name).join(', '), value: all }]
      : []),
    ...(choices.companies.length > 1
      ? [{ label: vscode.l10n.t('Several Companies…'), description: vscode.l10n.t('check the ones to use'), value: SEVERAL }]
      : []),
    { label: vscode.l10n.t("The user's default (no allowed_company_ids)"), value: OWN },
  ];
}

export class ContextSwitcher implements vscode.Disposable {
  readonly #company = vscode.window.createStatusBarItem('json2.company', vscode.StatusBarAlignment.Left, 49);
  readonly #language = vscode.window.createStatusBarItem('json2.language', vscode.StatusBarAlignment.Left, 48);
  /** The server's lists, per connection (name, server, database, key holder), once asked for. */
  readonly #choices = new Map<string, ContextChoices>();
  readonly #subscriptions: vscode.Disposable[];

  constructor(
    private readonly service: ConnectionService,
    private readonly settings: ConnectionSettingsStore,
    private readonly port: () => InputPort,
  ) {
    this.#company.name = vscode.l10n.t('JSON-2 Company');
    this.#language.name = vscode.l10n.t('JSON-2 Language');
    this.#company.command = CommandIds.switchCompany;
    this.#language.command = CommandIds.switchLanguage;
    this.#subscriptions = [
      service.onDidChange(() => this.update()),
      vscode.commands.registerCommand(CommandIds.switchCompany, () => this.switchCompany()),
      vscode.commands.registerCommand(CommandIds.switchLanguage, () => this.switchLanguage()),
    ];
    this.update();
  }

  /** What the items show now (tests read it). */
  get shown(): { company: string; language: string; tooltip: string } {
    const tooltip = this.#company.tooltip;
    return {
      company: this.#company.text,
      language: this.#language.text,
      tooltip: typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? ''),
    };
  }

  /** The server's lists for `name` (asked once per connection until its settings change). */
  async choices(name: string): Promise<ContextChoices> {
    const saved = this.service.find(name);
    const key = saved && choicesKey(saved);
    const known = key && this.#choices.get(key);
    if (known) return known;
    const client = await this.service.client(name);
    const loaded = await loadContextChoices((call) => client.call(call), saved?.profile.user?.id);
    if (key) this.#choices.set(key, loaded);
    this.update();
    return loaded;
  }

  update(): void {
    const active = this.service.active();
    if (!active) {
      this.#company.hide();
      this.#language.hide();
      return;
    }
    const choices = this.#choices.get(choicesKey(active));
    const identity = describeIdentity(active.profile.defaultContext, choices);
    // Names come from the server and settings: no codicon syntax from them, and the Markdown is escaped.
    const plain = (text: string) => text.replace(/\$\(/g, '$\u200b(');
    this.#company.text = `$(organization) ${plain(identity.company)}`;
    this.#language.text = `$(globe) ${plain(identity.language)}`;
    const user = choices?.user.name ?? active.profile.user?.name ?? active.profile.user?.login ?? active.profile.login ?? '';
    const lines = [
      [vscode.l10n.t('User'), user],
      [vscode.l10n.t('Current company'), identity.company],
      [vscode.l10n.t('Language'), identity.language],
    ]
      .filter(([, value]) => value)
      .map(([label, value]) => escapeMarkdown(`${label}: ${value}`, 'inline'));
    const tooltip = serverMarkdown(
      `**${escapeMarkdown(active.profile.name, 'inline')}**\n\n${lines.join('  \n')}\n\n${escapeMarkdown(vscode.l10n.t('Click to switch; every model call of this connection sends it unless the request sets it.'), 'inline')}`,
    );
    this.#company.tooltip = tooltip;
    this.#language.tooltip = tooltip;
    this.#company.accessibilityInformation = { label: vscode.l10n.t('Company: {0}', identity.company) };
    this.#language.accessibilityInformation = { label: vscode.l10n.t('Language: {0}', identity.language) };
    this.#company.show();
    this.#language.show();
  }

  /**
   * Picks the current company among the user's, all of them, several (check boxes), or the server's default; saves it
   * in the connection.
   */
  async switchCompany(): Promise<void> {
    const active = this.#activeOrSay();
    if (!active) return;
    const choices = await this.#load(active);
    if (!choices) return;
    const current = active.profile.defaultContext?.allowed_company_ids;
    const picked = await this.port().pick<string>({
      id: 'company',
      title: vscode.l10n.t('Switch Company ({0})', active.profile.name),
      step: 1,
      totalSteps: 1,
      placeholder: vscode.l10n.t('The company every model call of this connection works in'),
      active: Array.isArray(current) && current.length === 1 ? String(current[0]) : Array.isArray(current) ? current.join(',') : OWN,
      items: companyItems(choices),
    });
    if (typeof picked !== 'string') return;
    if (picked === SEVERAL) return this.#switchCompanies(active, choices);
    const ids = picked === OWN ? undefined : picked.split(',').map(Number);
    await this.#save(active, 'allowed_company_ids', ids);
  }

  /** Check boxes of the user's companies: the ones still checked keep their order (the current one first), new ones follow. */
  async #switchCompanies(active: SavedConnection, choices: ContextChoices): Promise<void> {
    const current = active.profile.defaultContext?.allowed_company_ids;
    const before = Array.isArray(current) ? (current as number[]) : [choices.defaultCompanyId];
    const port = this.port();
    const checked = await port.pickMany?.<number>({
      id: 'companies',
      title: vscode.l10n.t('Switch Company ({0})', active.profile.name),
      step: 2,
      totalSteps: 2,
      placeholder: vscode.l10n.t('Check the companies the calls may use; the current company stays first while checked'),
      selected: before,
      items: choices.companies.map((company) => ({
        label: company.name,
        description: companyDescription(choices, company.id),
        value: company.id,
      })),
    });
    if (checked === BACK) return this.switchCompany();
    if (!checked) return;
    await this.#save(active, 'allowed_company_ids', orderChosenCompanies(before, checked));
  }

  /** Picks the language among the active ones of res.lang (or the user's own); saves it in the connection. */
  async switchLanguage(): Promise<void> {
    const active = this.#activeOrSay();
    if (!active) return;
    const choices = await this.#load(active);
    if (!choices) return;
    const current = active.profile.defaultContext?.lang;
    const picked = await this.port().pick<string>({
      id: 'language',
      title: vscode.l10n.t('Switch Language ({0})', active.profile.name),
      step: 1,
      totalSteps: 1,
      placeholder: vscode.l10n.t('The language of translated values and messages in every model call of this connection'),
      active: typeof current === 'string' ? current : OWN,
      items: [
        ...choices.languages.map((language) => ({ label: language.name, description: language.code, value: language.code })),
        {
          label: vscode.l10n.t("The user's language (no lang)"),
          ...(choices.userLang ? { description: choices.userLang } : {}),
          value: OWN,
        },
      ],
    });
    if (typeof picked !== 'string') return;
    await this.#save(active, 'lang', picked === OWN ? undefined : picked);
  }

  #activeOrSay(): SavedConnection | undefined {
    const active = this.service.active();
    if (!active) void vscode.window.showInformationMessage(vscode.l10n.t('No JSON-2 connection: add one first.'));
    return active;
  }

  async #load(active: SavedConnection): Promise<ContextChoices | undefined> {
    try {
      return await this.choices(active.profile.name);
    } catch (error) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t(
          'The companies and languages of "{0}" could not be read: {1}',
          active.profile.name,
          error instanceof Error ? error.message : String(error),
        ),
      );
      return undefined;
    }
  }

  async #save(active: SavedConnection, key: string, value: unknown): Promise<void> {
    const { defaultContext: _old, ...rest } = active.profile;
    const defaultContext = withContextKey(active.profile.defaultContext, key, value);
    await this.settings.save(
      { ...rest, ...(defaultContext ? { defaultContext } : {}) },
      active.level === 'workspace' ? 'workspace' : 'user',
      active.profile.name,
    );
    this.update();
  }

  dispose(): void {
    for (const subscription of this.#subscriptions) subscription.dispose();
    this.#company.dispose();
    this.#language.dispose();
  }
}
