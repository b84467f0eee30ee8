// The test cases of a JUnit XML report the contract suite wrote, by outcome and by name.

export type JunitCases = { passed: string[]; skipped: string[]; failed: string[] };

export function junitCases(junit: string): JunitCases {
  const cases = [...junit.matchAll(/<testcase [^>]*name="([^"]*)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)].map(
    (match) => ({
      name: (match[1] ?? '')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&'),
      body: match[3] ?? '',
    }),
  );
  return {
    passed: cases.filter(({ body }) => !/<(failure|skipped|error)/.test(body)).map(({ name }) => name),
    skipped: cases.filter(({ body }) => /<skipped/.test(body)).map(({ name }) => name),
    failed: cases.filter(({ body }) => /<(failure|error)/.test(body)).map(({ name }) => name),
  };
}

/** The cases that passed (neither failed nor skipped). */
export const passedCases = (junit: string): string[] => junitCases(junit).passed;
