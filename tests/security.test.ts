/**
 * Security scan: @doyensec/electronegativity over the Electron shell's sources (electron/) and
 * the built main and preload bundles, with no high-severity finding. A deliberately insecure
 * fixture is scanned in the same run to prove the scanner really reports such findings here.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Finding {
  id: string;
  severity: 'INFORMATIONAL' | 'LOW' | 'MEDIUM' | 'HIGH';
  confidence: string;
  file: string;
  line: number | null;
  manualReview: boolean;
  description: string;
}

const root = join(import.meta.dirname, '..');
const electronVersion = String(
  JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version,
);
let scanDirectory: string;
let findings: Finding[] = [];
const builtBundles = ['out/main/main.js', 'out/preload/preload.cjs'].filter((built) => existsSync(join(root, built)));

beforeAll(async () => {
  scanDirectory = mkdtempSync(join(tmpdir(), 'morf-scan-'));
  cpSync(join(root, 'electron'), join(scanDirectory, 'electron'), { recursive: true });
  for (const built of builtBundles) {
    mkdirSync(join(scanDirectory, 'built'), { recursive: true });
    cpSync(join(root, built), join(scanDirectory, 'built', built.split('/').pop()!));
  }
  mkdirSync(join(scanDirectory, 'insecure-fixture'));
  writeFileSync(
    join(scanDirectory, 'insecure-fixture', 'main.js'),
    `const { BrowserWindow } = require('electron');\nnew BrowserWindow({ webPreferences: { nodeIntegration: true, ` +
      `contextIsolation: false, sandbox: false } });\n`,
  );
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(root, 'tests', 'electronegativity-runner.cjs'), scanDirectory, electronVersion],
    {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
      timeout: 60_000,
    },
  );
  findings = (JSON.parse(stdout.trim().split('\n').pop()!) as { findings: Finding[] }).findings;
}, 90_000);
afterAll(() => rmSync(scanDirectory, { recursive: true, force: true }));

const inFixture = (finding: Finding) => finding.file.includes('insecure-fixture');

describe('electronegativity scan', () => {
  it('reports high-severity findings in an insecure window (the scan can fail)', () => {
    const fixtureHigh = findings
      .filter((finding) => inFixture(finding) && finding.severity === 'HIGH')
      .map((finding) => finding.id);
    expect(fixtureHigh).toContain('CONTEXT_ISOLATION_JS_CHECK');
  });

  it('finds nothing of high severity in electron/ or the built main and preload', () => {
    const high = findings.filter((finding) => !inFixture(finding) && finding.severity === 'HIGH');
    expect(high.map((finding) => `${finding.id} ${finding.file}:${finding.line}`)).toEqual([]);
    expect(findings.some((finding) => finding.file.startsWith('electron'))).toBe(true);
  });

  it.skipIf(!builtBundles.includes('out/main/main.js'))('scanned the built bundles too when they exist', () => {
    const built = findings.filter((finding) => finding.file.startsWith('built'));
    // The built main's window (with its preload) was parsed.
    expect(built.map((finding) => finding.id)).toContain('PRELOAD_JS_CHECK');
    expect(built.filter((finding) => finding.severity === 'HIGH')).toEqual([]);
  });
});
