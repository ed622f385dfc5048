// The part of @usebruno/lang (Bruno's own .bru parser, shipped without types) that the Bruno reader uses.
declare module '@usebruno/lang' {
  export interface BruPair {
    readonly name: string;
    readonly value: string;
    readonly enabled?: boolean;
    readonly secret?: boolean;
  }
  export interface BruRequest {
    readonly meta?: { readonly name?: string; readonly type?: string; readonly seq?: string };
    readonly http?: { readonly method?: string; readonly url?: string; readonly body?: string; readonly auth?: string };
    readonly headers?: readonly BruPair[];
    readonly auth?: Readonly<Record<string, Readonly<Record<string, string>> | string>>;
    readonly body?: Readonly<Record<string, string>>;
    readonly vars?: { readonly req?: readonly BruPair[]; readonly res?: readonly BruPair[] };
    readonly script?: { readonly req?: string; readonly res?: string };
    readonly tests?: string;
    readonly assertions?: readonly BruPair[];
  }
  export function bruToJsonV2(text: string): BruRequest;
  export function collectionBruToJson(text: string): BruRequest;
  export function bruToEnvJsonV2(text: string): { readonly variables: readonly BruPair[] };
}
