// sandbox.testing: a model that exists only in sandboxes started by the test API, with a slow method that notices
// when the client goes away (for cancellation and time-out tests).
import { typeError } from '../errors/serviceErrors';
import type { ModelSpec } from '../orm/modelDefinition';
import { optional } from '../orm/methodDefinition';

export interface SlowMethodObserver {
  /** Called when a call starts sleeping. */
  started(): void;
  /** Called when a sleeping call ends early because its client disconnected. */
  cancelled(): void;
  /** Called when a sleeping call ran to its end. */
  completed(): void;
}

export const TESTING_MODEL = 'sandbox.testing';
export const SLOW_METHOD = 'sleep';

export function testingModel(observer: SlowMethodObserver): ModelSpec {
  return {
    name: TESTING_MODEL,
    description: 'Sandbox test helpers',
    abstract: true,
    fields: {},
    methods: [
      {
        name: SLOW_METHOD,
        level: 'model',
        parameters: [optional('seconds', 1, 'how long to sleep (at most 600)')],
        transactional: false,
        doc: 'Sleeps, then answers {"slept": seconds}; stops early when the client disconnects.',
        run: async ({ env, args }) => {
          const seconds = args.seconds;
          if (typeof seconds !== 'number' || !(seconds >= 0) || seconds > 600)
            throw typeError(`'seconds' must be a number from 0 to 600, got ${JSON.stringify(seconds)}`);
          observer.started();
          const finished = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => {
              env.signal.removeEventListener('abort', onAbort);
              resolve(true);
            }, seconds * 1000);
            const onAbort = () => {
              clearTimeout(timer);
              resolve(false);
            };
            if (env.signal.aborted) onAbort();
            else env.signal.addEventListener('abort', onAbort, { once: true });
          });
          if (finished) observer.completed();
          else observer.cancelled();
          return { slept: seconds, cancelled: !finished };
        },
      },
    ],
  };
}
