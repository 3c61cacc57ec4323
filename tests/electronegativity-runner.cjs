// Runs @doyensec/electronegativity over a directory and prints its findings as one JSON line.
// Run in a child process by tests/security.test.ts. Two adjustments, both about this machine
// rather than the findings:
// - its TypeScript parser (@typescript-eslint/typescript-estree, hoisted) must use the TypeScript 4
//   that electronegativity ships, not the project's TypeScript 7 (which has no JavaScript API);
// - the Electron version is given (45.4.1, from package.json) instead of guessed, and the check
//   that downloads Electron's release list (AvailableSecurityFixesGlobalCheck) is left out:
//   tests run offline.
'use strict';
const Module = require('node:module');
const path = require('node:path');

const [input, electronVersion] = process.argv.slice(2);
const packageDirectory = path.dirname(require.resolve('@doyensec/electronegativity/package.json'));
const bundledTypeScript = path.join(packageDirectory, 'node_modules', 'typescript');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  return resolve.call(this, request === 'typescript' ? bundledTypeScript : request, parent, ...rest);
};
const loaded = require('@doyensec/electronegativity');
const run = loaded.default ?? loaded;
const log = console.log;
console.log = (...args) => process.stderr.write(`${args.join(' ')}\n`);
run({
  input,
  isRelative: true,
  electronVersionOverride: electronVersion,
  excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
}).then(
  (result) => {
    const findings = result.issues.map((issue) => ({
      id: issue.id,
      severity: issue.severity.name,
      confidence: issue.confidence.name,
      file: issue.file,
      line: issue.location ? issue.location.line : null,
      manualReview: Boolean(issue.manualReview),
      description: issue.description,
    }));
    log(JSON.stringify({ findings, errors: result.errors }));
  },
  (error) => {
    process.stderr.write(`electronegativity failed: ${error.stack}\n`);
    process.exit(1);
  },
);
