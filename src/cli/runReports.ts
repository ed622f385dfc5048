// The extra reports of `json2 run` (--reporter github, tap): told of problems and outcomes as the run goes, written on stdout.
import type { SecretRedactor } from '../core/redaction/secretRedactor';
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
import { redactOutcome, type RequestOutcome } from './runResults';
import { tapBailOut, tapHead, tapTestPoint } from './tapReport';

/**
 * The reporters chosen with --reporter; each method does nothing for reporters not chosen. Secrets are replaced in
 * the values (`redactOutcome`, messages) before a line is written, never in the written lines: the formats' own words
 * and the pause token stay whole whatever a secret is.
 */
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
    private readonly redactor: SecretRedactor,
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
    for (const found of diagnostics) {
      const diagnostic = { ...found, message: this.redactor.redact(found.message) };
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

  outcome(found: RequestOutcome): void {
    if (!this.#tap && !this.#github) return;
    const outcome = redactOutcome(found, this.redactor);
    if (this.#tap) this.out(tapTestPoint(++this.#tapNumber, outcome));
    if (this.#github) this.#annotations.push(...outcomeAnnotations(outcome, annotationPath(outcome.file, this.workspace)));
  }

  /**
   * At the very end: the runner reads commands again, and the annotations follow, their messages redacted again with
   * every secret met since (the titles were made from redacted labels).
   */
  end(): void {
    if (!this.#github) return;
    const annotations = this.#annotations.map((annotation) => ({ ...annotation, message: this.redactor.redact(annotation.message) }));
    this.out(`${[this.#guard.resume(), ...annotations.map(annotationLine)].join('\n')}\n`);
  }
}
