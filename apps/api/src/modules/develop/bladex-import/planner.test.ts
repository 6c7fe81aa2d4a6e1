import { describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors.js';
import { readDatasourceId, readOptions } from './bladex-import-routes.js';
import { weakensRules } from './plan-dictionaries.js';
import { sourceKey } from './bladex-import-service.js';
import { Planner, dateTime, idList } from './planner.js';
import { isStorableId } from './product-state.js';

const row = (id: string, parent: string) => ({ id, parent_id: parent });

describe('BladeX import planning helpers', () => {
  it('orders a tree parents first; a row whose parent is elsewhere, and rows in a cycle, become roots', () => {
    const order = Planner.treeOrder([row('3', '2'), row('2', '1'), row('1', '0'), row('4', '99'), row('5', '6'), row('6', '5')]);
    expect(order.map((o) => [o.row.id, o.parentInSet])).toEqual([
      ['1', false], ['2', true], ['3', true], ['4', false], ['5', false], ['6', true],
    ]);
  });

  it('keeps an id only when it is a positive 64-bit integer', () => {
    expect(isStorableId('1123598813738675201')).toBe(true);
    expect(isStorableId('9223372036854775807')).toBe(true);
    expect(isStorableId('9223372036854775808')).toBe(false);
    expect(isStorableId('0')).toBe(false);
    expect(isStorableId('-5')).toBe(false);
    expect(isStorableId('a1')).toBe(false);
  });

  it('reads BladeX times and id lists', () => {
    expect(dateTime('2020-01-02 03:04:05.0')).toBe('2020-01-02 03:04:05');
    expect(dateTime('2020-01-02T03:04:05')).toBe('2020-01-02 03:04:05');
    expect(dateTime('')).toBeNull();
    expect(idList(' 1, 2,,1 ')).toEqual(['1', '2']);
  });

  it('names a source by driver, host, port, database and schema, never by its user or password', () => {
    expect(sourceKey({ url: 'jdbc:mysql://db.school.edu/bladex?useSSL=false', username: 'root', password: 'secret' })).toBe('mysql://db.school.edu:3306/bladex');
    expect(sourceKey({ url: 'jdbc:postgresql://db:5433/blade?currentSchema=saber', password: 'secret' })).toBe('postgresql://db:5433/blade?schema=saber');
  });

  it('refuses a missing or malformed data source, and bad options', () => {
    const refused = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error instanceof AppError ? error.messageIn('en') : String(error);
      }
      return 'accepted';
    };
    expect(refused(() => readDatasourceId({}))).toBe('Please choose a data source');
    expect(refused(() => readDatasourceId({ datasourceId: 'x1' }))).toBe('The import option datasourceId is not valid');
    expect(readDatasourceId({ datasourceId: '1123598813738675201' })).toBe('1123598813738675201');
    expect(refused(() => readOptions({ tenantIds: ['a b'] }))).toBe('The import option tenantIds is not valid');
    expect(refused(() => readOptions({ tenantMap: { '000000': 'x'.repeat(13) } }))).toBe(`The target tenant ID ${'x'.repeat(13)} must be 1 to 12 letters or digits`);
    expect(readOptions({ tenantIds: '000000, 200001', tenantMap: { 200001: '200009' } })).toEqual({ tenantIds: ['000000', '200001'], tenantMap: { 200001: '200009' } });
  });

  it("tells a setting that would weaken the product's rules", () => {
    expect(weakensRules('account.initPassword', '123456', 'Xy@123456')).toBe(true);
    expect(weakensRules('account.initPassword', 'Bladex@2024', 'Xy@123456')).toBe(false);
    expect(weakensRules('tenant.default.password', 'admin', null)).toBe(true);
    // More failures before a lockout than the product allows, or none at all.
    expect(weakensRules('account.failCount', '10', '5')).toBe(true);
    expect(weakensRules('account.failCount', '0', '5')).toBe(true);
    expect(weakensRules('account.failCount', '3', '5')).toBe(false);
    expect(weakensRules('account.failCount', '5', null)).toBe(false);
    expect(weakensRules('account.registerUser', 'true', 'false')).toBe(false);
  });
});
