import { defineEntity } from '../../entity.js';
import { date, dict, files, fk, money, text } from '../../fields.js';
import { t } from '../../text.js';

/** Keys of `cost_status` (DOMAIN 6.3). */
export const COST_STATUS = { pending: '0', inProgress: '1', reimbursed: '2' } as const;

export const COST_MSG = {
  futureDate: t('{label}不能晚于今天', '{label} cannot be later than today'),
  voucherRequired: t('请输入记账凭证号', 'Please enter the voucher no.'),
  reimburseDateRequired: t('请选择报销日期', 'Please select the reimbursement date'),
  reimbursedLocked: t('已报销的费用不能修改', 'A reimbursed cost cannot be edited'),
  reimbursedRemove: t('已报销的费用不能删除', 'A reimbursed cost cannot be removed'),
  badTransition: t('报销状态不能从“{from}”改为“{to}”', 'The reimbursement cannot change from “{from}” to “{to}”'),
  noChinese: t('{label}不能包含中文', '{label} cannot contain Chinese characters'),
  tooManyFiles: t('发票/凭证最多 10 个', 'At most 10 invoice files'),
  badFiles: t('发票/凭证格式不正确', 'The invoice files are not valid'),
} as const;

/**
 * What an activity cost 活动费用 (DOMAIN 6.3): venue, catering, gifts …, with invoices and the
 * state of reimbursement. One call (`update`) adds (no id) and edits.
 */
export const activityCostEntity = defineEntity({
  name: 'activityCost',
  label: t('活动费用', 'Activity cost'),
  table: 'alumni_activity_cost',
  scope: 'tenant',
  permission: 'activitycost',
  api: { base: '/activityCost', list: 'page', submit: 'update' },
  fields: {
    activityId: fk(t('活动', 'Activity'), {
      required: true, ref: 'activity', form: 'create-only', list: true, search: 'equal', width: 200,
      options: { url: '/blade-activity/activity/select', shape: 'list', labelKey: 'title', valueKey: 'id' },
    }),
    costType: dict(t('费用类别', 'Category'), 'cost_type', { source: 'biz', required: true, list: true, search: 'equal', width: 100 }),
    costItem: text(t('费用名称', 'Item'), { max: 100, required: true, list: true, search: 'like', width: 160 }),
    amount: money(t('金额', 'Amount'), { required: true, min: 0.01, max: 99_999_999.99, list: true, search: 'range', width: 120 }),
    costDate: date(t('发生日期', 'Date'), { required: true, list: true, search: 'range', width: 110 }),
    payee: text(t('收款方', 'Payee'), { max: 128, list: true, search: 'like', width: 150 }),
    payMethod: dict(t('支付方式', 'Payment method'), 'pay_method', { source: 'biz', list: true, search: 'equal', width: 100 }),
    invoiceNo: text(t('发票号码', 'Invoice no.'), { max: 32, list: true, search: 'equal', width: 120 }),
    invoiceFiles: files(t('发票/凭证', 'Invoices'), { accept: 'file', max: 10, maxMb: 10 }),
    handlerName: text(t('经办人', 'Handled by'), { max: 32, required: true, list: true, search: 'like', width: 90 }),
    costStatus: dict(t('报销状态', 'Reimbursement'), 'cost_status', { source: 'biz', required: true, default: '0', list: true, search: 'equal', width: 90 }),
    voucherNo: text(t('记账凭证号', 'Voucher no.'), { max: 32, search: 'equal' }),
    reimburseDate: date(t('报销日期', 'Reimbursed on'), { search: 'range' }),
    remark: text(t('备注', 'Remark'), { max: 500, wide: true }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
  },
  defaultSort: [{ field: 'costDate', desc: true }],
  titleField: 'costItem',
  excel: { export: true },
});
