// Runs the core rotation procedure on a JSON-2 client and tells each step as it starts, for a progress display.
import { ClientUsageError } from '../client/clientErrors';
import type { Json2Client } from '../client/json2Client';
import { type RotateKeyOptions, type RotationOutcome, type RotationStep, rotateApiKey } from '../client/keyRotation';

/**
 * The spec's rotation (generate, store, verify, revoke the old key) through the public calls of `client`, which holds
 * `currentKey`, calling `onStep` before each step. Errors are the core's `KeyRotationError`, keys redacted.
 */
export async function rotateKeyWithSteps(
  client: Json2Client,
  currentKey: string,
  options: RotateKeyOptions,
  onStep: (step: RotationStep) => void,
): Promise<RotationOutcome> {
  let issued: string | undefined;
  try {
    return await rotateApiKey(
      {
        generate: async (request, signal) => {
          onStep('generate');
          issued = await client.generateKey(request, signal);
          return issued;
        },
        verify: async (newKey, signal) => {
          onStep('verify');
          const [mine, theirs] = await Promise.all([client.whoami(signal), client.withApiKey(newKey).whoami(signal)]);
          if (mine.uid !== theirs.uid) throw new ClientUsageError(`the new key belongs to user ${theirs.uid}, not ${mine.uid}`);
          return theirs.uid;
        },
        revokeCurrent: async (newKey, signal) => {
          onStep('revoke');
          await client.withApiKey(newKey).revokeKey(currentKey, signal);
        },
      },
      {
        ...options,
        store: async (newKey) => {
          onStep('store');
          await options.store(newKey);
        },
      },
    );
  } catch (error) {
    throw client.redactor.with(issued).redactError(error as Error);
  }
}
