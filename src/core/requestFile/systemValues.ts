// System values (`{{$uuid}}`, `{{$randomInt}}`, `{{$timestamp}}`, `{{$date}}`, `{{$datetime}}`, `{{$processEnv}}`, `{{$dotenv}}`): checking and computing them.
import { applyOffsets, formatDate, readDateArguments } from './dateValues';

/** The system values the language knows, with a one-line description (for completion and hover). */
export const SYSTEM_VALUES: Readonly<Record<string, string>> = {
  uuid: 'A random UUID (version 4), new for each placeholder',
  randomInt: 'A random integer: {{$randomInt MIN MAX}}, MIN included, MAX excluded',
  timestamp: 'Unix time in seconds, with optional offsets: {{$timestamp -1 d}}',
  date: "The UTC date (YYYY-MM-DD), with optional offsets and format: {{$date -1 d 'DD/MM/YYYY'}}",
  datetime: 'The UTC date and time (YYYY-MM-DD HH:mm:ss), with optional offsets and format',
  processEnv: 'An environment variable of the process: {{$processEnv NAME}}',
  dotenv: 'A value of the .env file given to the run: {{$dotenv NAME}}',
};

/** A problem with a system value: the message and the index of the argument at fault (-1: the value itself). */
export interface SystemValueProblem {
  readonly message: string;
  readonly argIndex: number;
}

/** Checks a system value's name and arguments; returns the first problem or undefined. */
export function checkSystemValue(name: string, args: readonly string[]): SystemValueProblem | undefined {
  switch (name) {
    case 'uuid':
      return args.length === 0 ? undefined : { message: '$uuid takes no arguments', argIndex: 0 };
    case 'randomInt': {
      if (args.length !== 2) return { message: '$randomInt takes two integers: MIN MAX', argIndex: args.length > 2 ? 2 : -1 };
      for (let i = 0; i < 2; i++) if (!/^[+-]?\d{1,15}$/.test(args[i])) return { message: `"${args[i]}" is not an integer`, argIndex: i };
      return Number(args[0]) < Number(args[1]) ? undefined : { message: 'MIN must be smaller than MAX', argIndex: 1 };
    }
    case 'timestamp':
    case 'date':
    case 'datetime': {
      const read = readDateArguments(args, name !== 'timestamp');
      return 'error' in read ? { message: read.error, argIndex: read.argIndex } : undefined;
    }
    case 'processEnv':
    case 'dotenv':
      if (args.length === 1) return undefined;
      return { message: `$${name} takes one name: {{$${name} NAME}}`, argIndex: args.length > 1 ? 1 : -1 };
    default:
      return {
        message: `Unknown system value $${name}; known: ${Object.keys(SYSTEM_VALUES)
          .map((known) => `$${known}`)
          .join(', ')}`,
        argIndex: -1,
      };
  }
}

/** What computing system values needs from the outside world (all replaceable in tests). */
export interface SystemValueSources {
  readonly now: () => Date;
  readonly randomUuid: () => string;
  /** A number in [0, 1). */
  readonly random: () => number;
  readonly processEnv: Readonly<Record<string, string | undefined>>;
  readonly dotenv: Readonly<Record<string, string>>;
}

/** The text of a system value, or why it has none. The name and arguments must have passed checkSystemValue. */
export function computeSystemValue(
  name: string,
  args: readonly string[],
  sources: SystemValueSources,
): { ok: true; text: string } | { ok: false; message: string } {
  switch (name) {
    case 'uuid':
      return { ok: true, text: sources.randomUuid() };
    case 'randomInt': {
      const min = Number(args[0]);
      const max = Number(args[1]);
      return { ok: true, text: String(min + Math.floor(sources.random() * (max - min))) };
    }
    case 'timestamp':
    case 'date':
    case 'datetime': {
      const read = readDateArguments(args, name !== 'timestamp');
      if ('error' in read) return { ok: false, message: read.error };
      const date = applyOffsets(sources.now(), read.offsets);
      const format = read.format ?? { kind: name === 'timestamp' ? 'unix' : name };
      return { ok: true, text: formatDate(date, format) };
    }
    case 'processEnv':
    case 'dotenv': {
      const values = name === 'processEnv' ? sources.processEnv : sources.dotenv;
      const value = Object.prototype.hasOwnProperty.call(values, args[0]) ? values[args[0]] : undefined;
      if (value === undefined)
        return { ok: false, message: `${name === 'processEnv' ? 'The environment variable' : 'The .env value'} ${args[0]} is not set` };
      return { ok: true, text: value };
    }
    default:
      return { ok: false, message: `Unknown system value $${name}` };
  }
}
