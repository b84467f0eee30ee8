// Valid values of the string formats OpenAPI contracts use (email, uri, uuid, date, hostname, ip
// addresses…), fixed or generated, each one taken by both of ajv-formats' checks ('fast', the
// default of express-openapi-validator and of Ajv users, and 'full'): what any validator built on
// Ajv takes, whatever its mode. A format not listed here is plain text.
import { randomUUID } from 'node:crypto';
import { fastFormats, fullFormats } from 'ajv-formats/dist/formats.js';
import fc from 'fast-check';

export type FormatBounds = { minLength?: number; maxLength?: number };
export type FormattedValues = { arbitrary: fc.Arbitrary<string>; edges: string[] };

type Definition = (typeof fullFormats)[keyof typeof fullFormats];

function definitionAccepts(definition: Definition | undefined, text: string): boolean {
  if (definition === undefined || definition === true) return true;
  if (definition instanceof RegExp) return definition.test(text);
  if (typeof definition === 'function') return definition(text);
  if (typeof definition === 'object' && 'validate' in definition) {
    const { validate } = definition;
    if (validate instanceof RegExp) return validate.test(text);
    if (typeof validate === 'function') return (validate as (value: string) => boolean)(text);
  }
  return true;
}

const lookup = (formats: typeof fullFormats, format: string) =>
  (formats as Record<string, Definition | undefined>)[format];

/** Whether Ajv takes `text` as `format` in both of ajv-formats' modes (an unknown format takes anything). */
export function formatAccepts(format: string, text: string): boolean {
  return definitionAccepts(lookup(fullFormats, format), text) && definitionAccepts(lookup(fastFormats, format), text);
}

const codePoints = (text: string) => [...text].length;
const withinBounds = (bounds: FormatBounds) => (text: string) =>
  codePoints(text) >= (bounds.minLength ?? 0) && codePoints(text) <= (bounds.maxLength ?? Number.POSITIVE_INFINITY);

/** A day `days` from now, as an RFC 3339 date-time: later than any date-time the contract bounds below. */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000);

let serial = 0;
const nextSerial = () => {
  serial += 1;
  return serial;
};

/**
 * How each format is made: `around` builds a value on a token of letters, digits and hyphens (a
 * unique token gives a unique value), `sample` a fixed one, `library` is fast-check's own
 * arbitrary for it, and `edges` the values every run tries first.
 */
type Shape = {
  around?: (token: string) => string;
  sample: (token: string) => string;
  /** Built when first asked for: some of fast-check's (webUrl, emailAddress) take a while to build. */
  library: () => fc.Arbitrary<string>;
  edges: string[];
};

/** A token as one DNS label (RFC 1123: letters, digits and inner hyphens, at most 63). */
function hostToken(token: string): string {
  if (token === '') return '';
  const label = token
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .slice(-63)
    .replace(/^-+|-+$/g, '');
  return label || 'x';
}

const email = (token: string) => `${token}@example.com`;
const url = (token: string) => `https://example.com/${token}`;
const hostname = (token: string) => `${hostToken(token)}.example.com`;
const urlShape: Shape = {
  around: url,
  sample: url,
  library: () => fc.webUrl(),
  edges: ['https://example.com/', 'http://a.example.org/contract/edge?page=1'],
};
const hostnameShape: Shape = {
  around: hostname,
  sample: hostname,
  library: () => fc.domain(),
  edges: ['example.com', 'a.example.org'],
};
const DATES = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2099-12-31T23:59:59Z'),
  noInvalidDate: true,
});

const SHAPES: Record<string, Shape> = {
  email: {
    around: email,
    sample: email,
    library: () => fc.emailAddress(),
    edges: ['a@example.com', 'contract.edge+tag@mail.example.org'],
  },
  'idn-email': {
    around: email,
    sample: email,
    library: () => fc.emailAddress(),
    edges: ['a@example.com'],
  },
  uri: urlShape,
  url: urlShape,
  iri: urlShape,
  'uri-reference': urlShape,
  'iri-reference': urlShape,
  'uri-template': urlShape,
  hostname: hostnameShape,
  'idn-hostname': hostnameShape,
  uuid: {
    sample: () => randomUUID(),
    library: () => fc.uuid(),
    edges: ['f81d4fae-7dec-11d0-a765-00a0c91e6bf6', '3fa85f64-5717-4562-b3fc-2c963f66afa6'],
  },
  date: {
    sample: () => daysAhead(7).toISOString().slice(0, 10),
    library: () => DATES.map((date) => date.toISOString().slice(0, 10)),
    // A leap day, and the last day of a year.
    edges: ['2030-01-01', '2032-02-29', '2031-12-31'],
  },
  'date-time': {
    sample: () => daysAhead(7).toISOString(),
    library: () => DATES.map((date) => date.toISOString()),
    // Every form RFC 3339 gives one instant: UTC, an offset either side, fractions of any length,
    // a lower-case t and z. The same instants must come back, whatever the spelling.
    edges: [
      '2030-01-01T00:00:00.000Z',
      '2031-05-17T13:45:30.125+02:00',
      '2031-05-17t13:45:30z',
      '2031-12-31T23:30:00-07:30',
      '2032-02-29T23:59:59.999999Z',
      '2030-06-01T00:00:00+00:00',
    ],
  },
  time: {
    sample: () => '12:00:00Z',
    library: () => DATES.map((date) => date.toISOString().slice(11)),
    edges: ['00:00:00Z', '23:59:59.999+02:00'],
  },
  'iso-date-time': {
    sample: () => daysAhead(7).toISOString(),
    library: () => DATES.map((date) => date.toISOString()),
    edges: ['2030-01-01T00:00:00Z', '2030-01-01T00:00:00'],
  },
  'iso-time': {
    sample: () => '12:00:00Z',
    library: () => DATES.map((date) => date.toISOString().slice(11)),
    edges: ['00:00:00', '23:59:59.999+02:00'],
  },
  duration: {
    sample: () => `P${1 + (nextSerial() % 365)}D`,
    library: () =>
      fc
        .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 1, max: 59 }))
        .map(([days, hours, minutes]) => `P${days}DT${hours}H${minutes}M`),
    edges: ['P1D', 'PT1H30M', 'P1Y2M3DT4H5M6S', 'P2W'],
  },
  'json-pointer': {
    around: (token) => `/contract/${token}`,
    sample: (token) => `/contract/${token}`,
    library: () => fc.array(tokens(), { maxLength: 4 }).map((parts) => parts.map((part) => `/${part}`).join('')),
    edges: ['', '/', '/a~0b/c~1d/0'],
  },
  'json-pointer-uri-fragment': {
    around: (token) => `#/contract/${token}`,
    sample: (token) => `#/contract/${token}`,
    library: () => fc.array(tokens(), { maxLength: 4 }).map((parts) => `#${parts.map((part) => `/${part}`).join('')}`),
    edges: ['#', '#/a/0'],
  },
  'relative-json-pointer': {
    around: (token) => `0/contract/${token}`,
    sample: (token) => `0/contract/${token}`,
    library: () =>
      fc
        .tuple(fc.nat({ max: 9 }), fc.array(tokens(), { maxLength: 3 }))
        .map(([up, parts]) => `${up}${parts.map((part) => `/${part}`).join('')}`),
    edges: ['0', '1#', '2/a/0'],
  },
  regex: {
    // A token is letters, digits and hyphens: a pattern of itself.
    around: (token) => `^${token}$`,
    sample: (token) => `^${token}$`,
    library: () => tokens().map((token) => `^${token}[a-z]*$`),
    edges: ['^[a-z]+$', '\\d{3}-\\d{4}'],
  },
  ipv4: {
    // TEST-NET-1 (RFC 5737): documentation addresses, never a real host.
    sample: () => `192.0.2.${1 + (nextSerial() % 254)}`,
    library: () => fc.ipV4(),
    edges: ['192.0.2.1', '255.255.255.255'],
  },
  ipv6: {
    // 2001:db8::/32 (RFC 3849), the documentation prefix.
    sample: () => `2001:db8::${(1 + (nextSerial() % 0xfffe)).toString(16)}`,
    library: () => fc.ipV6(),
    edges: ['2001:db8::1', '::1'],
  },
  byte: {
    sample: (token) => Buffer.from(token).toString('base64'),
    library: () => fc.base64String(),
    edges: ['Y29udHJhY3Q='],
  },
};

/** How the suite makes values of this format; undefined for plain text. */
const shapeOf = (format: string | undefined): Shape | undefined =>
  format !== undefined && Object.hasOwn(SHAPES, format) ? SHAPES[format] : undefined;

/** `around(token)` within the bounds: the token cut from its start (its unique end kept), or padded. */
function fitBounds(around: (token: string) => string, token: string, bounds: FormatBounds): string {
  const overhead = codePoints(around(''));
  const max = bounds.maxLength ?? Number.POSITIVE_INFINITY;
  const min = bounds.minLength ?? 0;
  let fitted = token;
  if (overhead + codePoints(fitted) > max)
    fitted = fitted.slice(Math.max(0, fitted.length - Math.max(1, max - overhead)));
  if (overhead + codePoints(fitted) < min) fitted = fitted.padStart(min - overhead, 'x');
  return around(fitted);
}

/** A fixed valid value of `format`, unique by `token` where the format leaves room; undefined for plain text. */
export function formattedSample(
  format: string | undefined,
  token: string,
  bounds: FormatBounds = {},
): string | undefined {
  const shape = shapeOf(format);
  if (!shape) return undefined;
  return shape.around ? fitBounds(shape.around, token, bounds) : shape.sample(token);
}

const TOKEN = fc.string({
  unit: fc.constantFrom(
    'a',
    'b',
    'c',
    'd',
    'e',
    'f',
    'g',
    'h',
    'i',
    'j',
    'k',
    'l',
    'm',
    'n',
    'o',
    'p',
    'q',
    'r',
    's',
    't',
    'u',
    'v',
    'w',
    'x',
    'y',
    'z',
    '0',
    '1',
    '2',
    '3',
    '4',
    '5',
    '6',
    '7',
    '8',
    '9',
  ),
  minLength: 1,
  maxLength: 24,
});

/** The token arbitrary, for the shapes above (built when first asked for). */
function tokens(): fc.Arbitrary<string> {
  return TOKEN;
}

const libraries = new Map<Shape, fc.Arbitrary<string>>();
function libraryOf(shape: Shape): fc.Arbitrary<string> {
  let library = libraries.get(shape);
  if (!library) {
    library = shape.library();
    libraries.set(shape, library);
  }
  return library;
}

const fitting = new Map<string, boolean>();

/**
 * Whether most of fast-check's own values of a format meet the bounds (its host names stop near
 * 30 characters, its URLs near 90): a filter that throws most away would take forever.
 */
function libraryMostlyFits(
  format: string,
  library: fc.Arbitrary<string>,
  valid: (text: string) => boolean,
  bounds: FormatBounds,
): boolean {
  const key = `${format} ${bounds.minLength} ${bounds.maxLength}`;
  let fits = fitting.get(key);
  if (fits === undefined) {
    const probe = fc.sample(library, { numRuns: 50, seed: 0 });
    fits = probe.filter(valid).length >= probe.length / 2;
    fitting.set(key, fits);
  }
  return fits;
}

/** Generated valid values of `format` within the bounds, and its edges; undefined for plain text. */
export function formattedValues(format: string | undefined, bounds: FormatBounds = {}): FormattedValues | undefined {
  const shape = shapeOf(format);
  if (!shape || format === undefined) return undefined;
  const fits = withinBounds(bounds);
  const valid = (text: string) => fits(text) && formatAccepts(format, text);
  const around = shape.around;
  const library = libraryOf(shape);
  const fromLibrary = libraryMostlyFits(format, library, valid, bounds) ? library.filter(valid) : undefined;
  const fromToken = around ? TOKEN.map((token) => fitBounds(around, token, bounds)).filter(valid) : undefined;
  const arbitrary = fromLibrary && fromToken ? fc.oneof(fromLibrary, fromToken) : (fromLibrary ?? fromToken);
  if (arbitrary === undefined) return undefined;
  // Bounds no value of the format meets (a uuid of at most 20 characters): plain text, which
  // then shows the contract's contradiction as a refused request rather than a run that hangs.
  const sample = formattedSample(format, 'contract', bounds) as string;
  if (!valid(sample)) return undefined;
  const edges = shape.edges.filter(valid);
  if (edges.length === 0) edges.push(sample);
  return { arbitrary, edges };
}
