// The master password of the db service and the database manager: only its scrypt hash is kept, in the sandbox's
// configuration file `<data>/config.json` (owner-only), set at first start (a random one, printed once) or by option.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { hashSecret, verifySecret } from '../security/secretHashing';
import { configFile } from '../storage/sandboxPaths';

interface ConfigFile {
  admin_passwd_hash?: string;
  [other: string]: unknown;
}

function readConfig(file: string): ConfigFile {
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ConfigFile;
}

function writeConfig(file: string, config: ConfigFile): void {
  const partial = `${file}.${process.pid}.tmp`;
  // A file left by an earlier process with this pid would keep its own mode.
  fs.rmSync(partial, { force: true });
  fs.writeFileSync(partial, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(partial, file);
}

export class MasterPassword {
  private constructor(
    private readonly file: string,
    private hash: string,
    private readonly cost: number,
  ) {}

  /**
   * Loads the master password of `dataDir`. `given` replaces it; without one and without a stored hash a random
   * password is made: it is returned in `created`, the only time it exists in clear.
   */
  static async load(dataDir: string, given: string | undefined, cost: number): Promise<{ master: MasterPassword; created: string | null }> {
    const file = configFile(dataDir);
    const config = readConfig(file);
    let created: string | null = null;
    let secret = given;
    if (secret === undefined && config.admin_passwd_hash === undefined) secret = created = crypto.randomBytes(12).toString('base64url');
    if (secret !== undefined) {
      config.admin_passwd_hash = await hashSecret(secret, cost);
      writeConfig(file, config);
    }
    return { master: new MasterPassword(file, config.admin_passwd_hash as string, cost), created };
  }

  async check(candidate: unknown): Promise<boolean> {
    return typeof candidate === 'string' && candidate !== '' && verifySecret(candidate, this.hash);
  }

  async change(newPassword: string): Promise<void> {
    const hash = await hashSecret(newPassword, this.cost);
    writeConfig(this.file, { ...readConfig(this.file), admin_passwd_hash: hash });
    this.hash = hash;
  }
}
