// The extra reports of `json2 run` (--reporter github, tap): told of problems and outcomes as the run goes, written on stdout.
import type { Diagnostic } from '../core/requestFile';
import { diagnosticText } from './diagnosticText';
import {
  annotationLine,
  annotationPath,
  CommandGuard,
  diagnosticAnnotation,
  outcomeAnnotations,
  type Annotation,
} from './githubAnnotations';
import type { ReporterName } from './runOptions';
import type { RequestOutcome } from './runResults';
import { tapBailOut, tapHead, tapTestPoint } from './tapReport';

/** The reporters chosen with --reporter; each method does nothing for reporters not chosen. */
export class RunReports {
  readonly #github: boolean;
  readonly #tap: boolean;
  readonly #guard = new CommandGuard();
  readonly #annotations: Annotation[] = [];
  readonly #problemLines: string[] = [];
  #tapNumber = 0;
  #tapStarted = false;

  constructor(
    reporters: readonly ReporterName[],
    private readonly out: (text: string) => void,
    private readonly workspace: string | undefined,
  ) {
    this.#github = reporters.includes('github');
    this.#tap = reporters.includes('tap');
  }

  /** Before anything is printed: GitHub's runner stops reading commands in the run's output (answers come from servers). */
  start(): void {
    if (this.#github) this.out(`${this.#guard.stop()}\n`);
  }

  /** The problems of a file, found before anything is sent. */
  problems(file: string, diagnostics: readonly Diagnostic[]): void {
    for (const diagnostic of diagnostics) {
      this.#annotations.push(diagnosticAnnotation(annotationPath(file, this.workspace), diagnostic));
      this.#problemLines.push(diagnosticText(file, diagnostic));
    }
  }

  /** The run ends before sending anything (malformed files, bad input): TAP bails out with the problems as comments. */
  stopped(reason: string): void {
    if (this.#tap && !this.#tapStarted) this.out(tapBailOut(this.#problemLines, reason));
  }

  /** The run starts: `planned` requests will be reported. */
  planned(planned: number): void {
    if (!this.#tap) return;
    this.#tapStarted = true;
    this.out(tapHead(planned));
  }

  outcome(outcome: RequestOutcome): void {
    if (this.#tap) this.out(tapTestPoint(++this.#tapNumber, outcome));
    if (this.#github) this.#annotations.push(...outcomeAnnotations(outcome, annotationPath(outcome.file, this.workspace)));
  }

  /** At the very end: the runner reads commands again, and the annotations follow. */
  end(): void {
    if (!this.#github) return;
    this.out(`${[this.#guard.resume(), ...this.#annotations.map(annotationLine)].join('\n')}\n`);
  }
}
