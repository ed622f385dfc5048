// Which environment variables a resolution reads: the pipeline asks before a request sends any of them.

/** The environment `env`, noting every name a resolution reads from it in `reads`. */
export function recordingEnvironment(
  env: Readonly<Record<string, string | undefined>>,
  reads: Set<string>,
): Readonly<Record<string, string | undefined>> {
  const note = (name: string | symbol) => {
    if (typeof name === 'string') reads.add(name);
  };
  return new Proxy(
    { ...env },
    {
      get: (target, name) => {
        note(name);
        return Reflect.get(target, name) as unknown;
      },
      getOwnPropertyDescriptor: (target, name) => {
        note(name);
        return Reflect.getOwnPropertyDescriptor(target, name);
      },
      has: (target, name) => {
        note(name);
        return Reflect.has(target, name);
      },
    },
  );
}
