/**
 * Every registered operator has a row in the coverage table naming a test that runs it, and every
 * row names a registered operator and a test file that mentions its id.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelCodec } from '../../shared/events';
import { FileService } from '../files/file-service';
import { createEditorStore } from '../state/editor-store';
import { createModelParser } from '../workers/model-parser';
import { createOperatorRegistry } from './index';
import { OPERATOR_COVERAGE } from './operator-coverage';

const root = join(import.meta.dirname, '..', '..');

describe('operator coverage', () => {
  const store = createEditorStore({ codec: modelCodec, host: null });
  const registered = createOperatorRegistry(new FileService(store, createModelParser(null, modelCodec)))
    .list()
    .map((operator) => operator.id)
    .sort();

  it('lists exactly the registered operators', () => {
    expect(Object.keys(OPERATOR_COVERAGE).sort()).toEqual(registered);
  });

  it('names, for each, a test file that mentions its id', () => {
    const missing: string[] = [];
    for (const [id, file] of Object.entries(OPERATOR_COVERAGE)) {
      const path = join(root, file);
      if (!/\.test\.tsx?$/.test(file) || !existsSync(path)) missing.push(`${id}: no test file ${file}`);
      else if (!readFileSync(path, 'utf8').includes(`'${id}'`)) missing.push(`${id}: ${file} does not mention it`);
    }
    expect(missing).toEqual([]);
  });
});
