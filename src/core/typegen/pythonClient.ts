// The small requests-based client a generated Python file ends with: `Json2Client.call(model, method, args)`, used by
// each model's class of typed method stubs. Arguments left `UNSET` are not sent.

const KEYWORDS: ReadonlySet<string> = new Set(
  (
    'False None True and as assert async await break class continue def del elif else except finally for from global if ' +
    'import in is lambda nonlocal not or pass raise return try while with yield self'
  ).split(' '),
);

/** A name usable as a Python parameter or method name: a keyword (or `self`) gets a trailing underscore. */
export function pythonIdentifier(name: string): string {
  const safe = name.replace(/[^\w]/g, '_').replace(/^(\d)/, '_$1');
  return KEYWORDS.has(safe) ? `${safe}_` : safe;
}

/** The client's source lines. */
export function pythonClientLines(): string[] {
  return [
    'class _Unset:',
    '    """An argument not given: left out of the request."""',
    '',
    '    def __repr__(self) -> str:',
    "        return 'UNSET'",
    '',
    '',
    'UNSET: Any = _Unset()',
    '',
    '',
    'class Json2CallError(Exception):',
    '    """A call the server answered with an error: its HTTP status and the error object it sent."""',
    '',
    '    def __init__(self, status: int, body: Any) -> None:',
    "        message = body.get('message') if isinstance(body, dict) else None",
    "        super().__init__(str(message) if message else f'HTTP {status}')",
    '        self.status = status',
    '        self.body = body',
    '',
    '',
    'class Json2Client:',
    '    """Calls POST /json/2/<model>/<method> with a bearer API key, given at run time and never stored here."""',
    '',
    '    def __init__(self, base_url: str, api_key: str, database: Union[str, None] = None, timeout: float = 60.0) -> None:',
    "        self.base_url = base_url.rstrip('/')",
    "        self.headers = {'Authorization': f'bearer {api_key}'}",
    '        if database is not None:',
    "            self.headers['X-Odoo-Database'] = database",
    '        self.timeout = timeout',
    '        self.session = requests.Session()',
    '',
    '    def call(self, model: str, method: str, args: Dict[str, Any]) -> Any:',
    '        named = {name: value for name, value in args.items() if value is not UNSET}',
    "        url = f'{self.base_url}/json/2/{model}/{method}'",
    '        response = self.session.post(url, json=named, headers=self.headers, timeout=self.timeout)',
    '        body = response.json() if response.content else None',
    '        if not response.ok:',
    '            raise Json2CallError(response.status_code, body)',
    '        return body',
  ];
}
