import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import SaxonJS from 'saxon-js';
import { validateXML } from 'xmllint-wasm';
import { pdfAttachments } from './pdf-text.js';

/**
 * The checks an e-invoice's XML must pass, run by tools Relais did not write, against the official artefacts
 * kept in tests/e-invoice (see its README): the UN/CEFACT CII D16B schema (libxml2's validator, compiled to
 * WebAssembly: xmllint-wasm) and the EN 16931 business rules of CEN/TC 434 for CII (their Schematron compiled to
 * XSLT, run by SaxonJS). Each failure is reported with the rule's id and text.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../tests/e-invoice');
const XSLT = path.join(ROOT, 'EN16931-CII-validation.xslt');
const CACHE = path.resolve(import.meta.dirname, '../../../node_modules/.cache/relais');
const run = promisify(execFile);

export interface Verdict {
  schemaErrors: string[];
  /** Failed asserts of the EN 16931 rules, "BR-…: text" (fatal and warnings both). */
  ruleErrors: string[];
  /** How many rules were checked (fired), to tell a silent run from a clean one. */
  rulesFired: number;
}

/** The Schematron's XSLT compiled once per machine (SaxonJS's own compiler, xslt3): a SEF file in the cache. */
async function compiledRules(): Promise<string> {
  const source = await readFile(XSLT);
  const sef = path.join(
    CACHE,
    `en16931-cii-${createHash('sha256').update(source).digest('hex').slice(0, 16)}.sef.json`,
  );
  if (!existsSync(sef)) {
    await mkdir(CACHE, { recursive: true });
    const partial = `${sef}.${process.pid}.tmp`;
    await run(process.execPath, [
      path.resolve(import.meta.dirname, '../../../node_modules/xslt3/xslt3.js'),
      `-xsl:${XSLT}`,
      `-export:${partial}`,
      '-nogo',
      '-relocate:on',
    ]);
    await rename(partial, sef);
  }
  return sef;
}

async function schemaErrorsOf(xml: string): Promise<string[]> {
  const dir = path.join(ROOT, 'schema');
  const files = await Promise.all(
    (await readdir(dir)).map(async (fileName) => ({
      fileName,
      contents: await readFile(path.join(dir, fileName), 'utf8'),
    })),
  );
  const main = files.find((file) => file.fileName === 'CrossIndustryInvoice_100pD16B.xsd')!;
  const result = await validateXML({
    xml: [{ fileName: 'factur-x.xml', contents: xml }],
    schema: [main],
    preload: files.filter((file) => file !== main),
  });
  return result.errors.map((error) => error.rawMessage);
}

async function ruleErrorsOf(xml: string): Promise<{ errors: string[]; fired: number }> {
  const result = await SaxonJS.transform(
    { stylesheetFileName: await compiledRules(), sourceText: xml, destination: 'serialized' },
    'async',
  );
  const report = result.principalResult;
  const errors = [...report.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)].map(
    ([, attributes, body]) => {
      const id = /\bid="([^"]+)"/.exec(attributes!)?.[1] ?? '?';
      const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(body!)?.[1]?.trim() ?? '';
      return `${id}: ${text}`;
    },
  );
  return { errors, fired: [...report.matchAll(/<svrl:fired-rule\b/g)].length };
}

/** The verdict of the schema and of the EN 16931 rules on a CII invoice. */
export async function validateCii(xml: string): Promise<Verdict> {
  const [schemaErrors, rules] = await Promise.all([schemaErrorsOf(xml), ruleErrorsOf(xml)]);
  return { schemaErrors, ruleErrors: rules.errors, rulesFired: rules.fired };
}

/** The XML attached to a Factur-X PDF under `factur-x.xml` (what a buyer's software reads), or null. */
export async function attachedFacturXml(pdf: Uint8Array): Promise<string | null> {
  return (await pdfAttachments(pdf)).get('factur-x.xml')?.toString('utf8') ?? null;
}
