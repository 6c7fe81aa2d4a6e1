import { readdirSync } from 'node:fs';
import type { EntityDef } from '@alumni/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { entityContract } from './entity-contract-suite.js';
import { appWithGenerated, generateAward, loadDefinition, loadMigration, Overlay, typeCheck, writeGenerated } from './generated-entity.js';
import { testDialects } from './test-app.js';

/**
 * The proof that generated code runs: the award entity is generated through the API, its files are
 * written over the repository, type-checked with the product's compiler settings, the definition
 * loaded, the migration bundled and run on a fresh product, and the whole entity contract run on the
 * generated entity as it came, with no edit. One call per database (a test file each).
 */
export async function generatedEntityContract(dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (!testDialects().includes(dialect)) {
    it.skip(`generated entity on ${dialect} (needs TEST_DATABASE_URL)`, () => undefined);
    return;
  }
  // Made while the file is collected: the contract's tests are listed from the generated definition.
  const { code, zip } = await generateAward(dialect);
  const overlay = new Overlay(`generated-${dialect}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  const paths = writeGenerated(overlay, code);
  const entity: EntityDef = await loadDefinition(overlay, paths.definition, 'awardEntity');
  const migration = await loadMigration(overlay, paths.migration);

  describe(`the generated award entity on ${dialect}`, () => {
    afterAll(() => overlay.remove());

    it('is the definition the model designs: fields, labels, dictionary, searches, uniqueness', () => {
      expect(entity).toMatchObject({ name: 'award', table: 'alumni_award', scope: 'tenant', permission: 'award', api: { base: '/blade-award/award' }, titleField: 'awardName' });
      expect(Object.keys(entity.fields)).toEqual(['awardName', 'awardLevel', 'awardYear', 'amount', 'isPublic', 'awardDate', 'departmentId', 'remark']);
      expect(entity.fields.awardName).toMatchObject({ kind: 'text', max: 64, required: true, list: true, search: 'like' });
      expect(entity.fields.awardLevel).toMatchObject({ kind: 'dict', dict: 'sex', source: 'system', search: 'equal', label: { en: 'Level' } });
      expect(entity.fields.awardYear).toMatchObject({ kind: 'integer', search: 'range' });
      expect(entity.fields.isPublic).toMatchObject({ kind: 'flag' });
      expect(entity.fields.remark).toMatchObject({ kind: 'textarea', wide: true });
      expect(entity.unique?.map((u) => u.fields)).toEqual([['awardName']]);
      if (dialect === 'postgres') expect(entity.fields.awardName?.label).toEqual({ zh: '奖项名称', en: 'Award name' });
    });

    it('answers the definition, registry line, migration, menu and page, and the same files zipped', () => {
      const paths = code.files.map((f) => `${f.kind} ${f.path}`);
      // The generated migration takes the number after the product's last one.
      const last = Math.max(...readdirSync(new URL('../db/migrations/', import.meta.url)).map((name) => Number.parseInt(name, 10)).filter(Number.isFinite));
      const migration = `${String(last + 1).padStart(3, '0')}-award.ts`;
      expect(paths).toEqual(expect.arrayContaining([
        'file packages/domain/src/entities/award/award.ts', 'addition packages/domain/src/entities/registry.ts',
        `file apps/api/src/db/migrations/${migration}`, 'addition apps/api/src/db/migrate.ts', 'addition apps/api/src/seed/menu-tree.ts',
        'file apps/web/src/pages/award/AwardPage.tsx', 'addition apps/web/src/pages/menu-pages.ts',
      ]));
      expect(code.notes.join('\n')).toMatch(/award_add/);
      expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
      for (const file of code.files.filter((f) => f.kind === 'file')) expect(zip.includes(Buffer.from(file.path))).toBe(true);
      expect(zip.includes(Buffer.from('README.md'))).toBe(true);
    });

    it('type-checks as it is with the product: the definition registered, the migration and the page', async () => {
      const node = await typeCheck(overlay, [paths.definition, 'packages/domain/src/entities/registry.ts', 'packages/domain/src/index.ts', paths.migration], 'node');
      expect(node.output).toBe('');
      expect(node.ok).toBe(true);
      const web = await typeCheck(overlay, [paths.page], 'web');
      expect(web.output).toBe('');
      expect(web.ok).toBe(true);
    }, 240_000);
  });

  entityContract(dialect, { entities: [entity], start: (d) => appWithGenerated(d, entity, migration) });
}
