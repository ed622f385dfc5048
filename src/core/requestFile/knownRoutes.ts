// The server routes other than /json/2 that a request file is likely to GET (offered by completion, explained on hover).

/** Route paths with a one-line description; `MODEL` stands for a model's technical name. */
export const KNOWN_ROUTES: Readonly<Record<string, string>> = {
  '/web/version': 'The server version: {"version_info": [...], "version": "19.0"} (no key needed)',
  '/doc-bearer/index.json': "The database's models with their fields and methods (needs the technical documentation group)",
  '/doc-bearer/MODEL.json': "One model's fields and method signatures, for example /doc-bearer/res.partner.json",
};
