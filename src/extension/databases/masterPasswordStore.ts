// Master passwords remembered in SecretStorage, one per server origin, only when the person asked for it.
import type * as vscode from 'vscode';
import { masterPasswordSecretKey } from '../../core/databases/databaseNames';

export class MasterPasswordStore {
  readonly #secrets: vscode.SecretStorage;

  constructor(secrets: vscode.SecretStorage) {
    this.#secrets = secrets;
  }

  async get(baseUrl: string): Promise<string | undefined> {
    const value = await this.#secrets.get(masterPasswordSecretKey(baseUrl));
    return value === '' ? undefined : value;
  }

  async store(baseUrl: string, password: string): Promise<void> {
    await this.#secrets.store(masterPasswordSecretKey(baseUrl), password);
  }

  async forget(baseUrl: string): Promise<void> {
    await this.#secrets.delete(masterPasswordSecretKey(baseUrl));
  }
}
