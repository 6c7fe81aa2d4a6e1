import { checkReportDefinition, type ReportDefinition } from '@alumni/domain';
import type { SeedWriter } from './seed-writer.js';

/**
 * The reports a school's alumni office asks for (DOMAIN 18.8, and the registrations by month): each
 * a definition of the built-in designer, checked as a save checks it.
 */
export const DEMO_REPORTS: { name: string; definition: Omit<ReportDefinition, 'version'> }[] = [
  {
    name: '校友分布统计表',
    definition: {
      source: 'studentStatus', filters: { examineStatus_equal: '1' },
      groupBy: [{ field: 'departmentId' }, { field: 'enrollmentYear', unit: 'decade' }],
      measures: [{ fn: 'count', label: '人数' }], chart: 'column', columns: [],
    },
  },
  {
    name: '登记月度统计表',
    definition: {
      source: 'registInfo', filters: {},
      groupBy: [{ field: 'createTime', unit: 'month' }, { field: 'examineStatus' }],
      measures: [{ fn: 'count', label: '登记数' }], chart: 'line', columns: [],
    },
  },
  {
    name: '年度捐赠统计表',
    definition: {
      source: 'donation', filters: { paymentStatus_equal: '2' },
      groupBy: [{ field: 'donateTime', unit: 'year' }, { field: 'purpose' }],
      measures: [{ fn: 'count', label: '捐赠笔数' }, { fn: 'sum', field: 'cnyAmount', label: '金额（元）' }], chart: 'column', columns: [],
    },
  },
  {
    name: '活动参与统计表',
    definition: {
      source: 'actApplist', filters: {},
      groupBy: [{ field: 'activityId' }],
      measures: [
        { fn: 'count', label: '报名人数' }, { fn: 'sum', field: 'signIn', label: '签到人数' },
        { fn: 'sum', field: 'companions', label: '同行人数' }, { fn: 'sum', field: 'feeAmount', label: '应缴金额' },
      ],
      chart: 'bar', columns: [],
    },
  },
];

export async function seedReports(w: SeedWriter, tenantId: string): Promise<void> {
  for (const report of DEMO_REPORTS) {
    const { definition } = checkReportDefinition({ version: 1, ...report.definition });
    await w.insert('blade_report_file', { name: report.name, content: JSON.stringify(definition) }, tenantId);
  }
}
