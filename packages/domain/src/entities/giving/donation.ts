import { defineEntity } from '../../entity.js';
import { date, datetime, dict, files, flag, fk, list, money, text, textarea } from '../../fields.js';
import type { SequenceNumber } from '../../numbering.js';
import { t } from '../../text.js';
import { departmentPick } from '../people/people-fields.js';
import { activityPick, associationPick } from '../relation/relation-fields.js';

/** Keys of `payment_status` a donation moves through (DOMAIN 7): 1 pledged, 2 received, 3 refunded, 4 closed. */
export const DONATION_STATUS = { pledged: 1, received: 2, refunded: 3, closed: 4 } as const;
/** Keys of `receipt_status`: 0 not issued, 1 issued, 2 voided, 3 not required. */
export const RECEIPT_STATUS = { none: 0, issued: 1, voided: 2, notRequired: 3 } as const;
/** Keys of `donor_type` that drive rules: 1 an alumnus, 3 an association. */
export const DONOR_TYPE = { alumnus: '1', company: '2', association: '3', classGift: '4' } as const;
/** `donation_method` 6: a gift in kind, which needs its description. */
export const IN_KIND_METHOD = '6';

export const DONATION_MSG = {
  alumnusRequired: t('请选择校友', 'Please select the alumnus'),
  associationRequired: t('请选择校友组织', 'Please select the association'),
  cnyRequired: t('外币捐赠请输入折合人民币', 'Please enter the amount in CNY for a foreign currency'),
  inKindRequired: t('请输入物资说明', 'Please describe the goods'),
  arrivalRequired: t('请选择到账日期', 'Please select the date received'),
  receiptNoRequired: t('请输入票据号码', 'Please enter the receipt number'),
  receiptDateRequired: t('请选择开票日期', 'Please select the date of issue'),
  remarkRequired: t('关闭认捐或退款请填写备注', 'Please give a remark to close or refund'),
  badTransition: t('捐赠状态不能从“{from}”改为“{to}”', 'A donation cannot go from “{from}” to “{to}”'),
  badReceiptTransition: t('票据状态不能从“{from}”改为“{to}”', 'A receipt cannot go from “{from}” to “{to}”'),
  receiptNeedsReceived: t('只有已到账的捐赠可以开具票据', 'Only received gifts get a receipt'),
  voidFirst: t('请先作废已开具的票据', 'Please void the issued receipt first'),
  amountLocked: t('已开具票据的捐赠不能修改金额', 'The amount of a gift with an issued receipt cannot change'),
  pledgeNoCode: t('认捐尚未到账，不能生成捐赠编号', 'A pledge has not been received: no donation code yet'),
  badCode: t('捐赠编号只能包含大写字母、数字和“-”，长度4到32位', 'A donation code has 4 to 32 capital letters, digits or “-”'),
  codeTaken: t('捐赠编号已存在', 'This donation code already exists'),
  noRemove: t('已到账的捐赠不能删除', 'A received gift cannot be removed'),
  future: t('{label}不能晚于今天', '{label} cannot be later than today'),
  noChinese: t('{label}不能包含中文', '{label} cannot contain Chinese characters'),
  anonymousAlumnus: t('匿名校友', 'Anonymous alumnus'),
  anonymousOrganisation: t('匿名单位', 'Anonymous organisation'),
  anonymousSuffix: t('（匿名）', ' (anonymous)'),
  notFound: t('所选校友不存在', 'The alumnus does not exist'),
  donorNameRequired: t('请输入捐赠方名称', 'Please enter Donor'),
  notReceived: t('只有已到账的捐赠可以打印票据', 'Only received gifts have a receipt to print'),
  certificateNeedsReceived: t('只有已到账的捐赠可以生成捐赠证书', 'Only received gifts have a certificate'),
  badMonth: t('请选择月份（yyyy-MM）', 'Please choose a month (yyyy-MM)'),
  futureMonth: t('不能为未来的月份开具票据', 'A month still to come cannot be receipted'),
  nothingToAggregate: t('{month}没有可合并开具票据的小额匿名捐赠', '{month} has no small anonymous gifts to receipt together'),
  voidReasonRequired: t('请填写作废原因', 'Please give the reason for voiding'),
  receiptAlreadyIssued: t('该捐赠的票据已开具，请先作废', 'The receipt of this gift is issued: void it first'),
  receiptNotIssued: t('只有已开具的票据可以作废', 'Only an issued receipt can be voided'),
  instalmentSum: t('分期金额合计{sum}，须等于捐赠金额{total}', 'The instalments add up to {sum}, but the amount is {total}'),
  instalmentDateTwice: t('分期计划中到期日{date}出现了两次', 'The instalment plan names the due date {date} twice'),
  splitSum: t('资金分配合计{sum}元，须等于折合人民币{total}元', 'The fund split adds up to {sum}, but the amount in CNY is {total}'),
  splitPurposeTwice: t('资金分配中“{purpose}”出现了两次，每个用途只能分配一次', 'The fund split names “{purpose}” twice: each purpose once'),
} as const;

const money2 = { min: 0.01, max: 999999999.99 } as const;

/**
 * The receipt numbers the foundation gives (decision 318): prefix (parameter `donation.receipt.prefix`,
 * default SJ), the year of issue and a six-digit counter per tenant and year, SJ2026000001. A number
 * entered by hand (a pre-printed receipt) stays possible, so the rule is not among `numbers`.
 */
export const RECEIPT_NUMBER: SequenceNumber = {
  kind: 'sequence', prefix: { param: 'donation.receipt.prefix', default: 'SJ' }, period: 'year', dateField: 'receiptDate', digits: 6,
};

/**
 * A gift to the education foundation 捐赠 (DOMAIN 7): money, goods or equity from an alumnus, a
 * company, an association or a class, recorded as a pledge or as received. Received gifts carry
 * a donation code and usually a receipt. All sums are over `cnyAmount`.
 */
export const donationEntity = defineEntity({
  name: 'donation',
  label: t('捐赠', 'Donation'),
  table: 'alumni_donation',
  scope: 'tenant',
  permission: 'donation',
  // `update` adds without an id and edits with one (DOMAIN 1.2); `DELETE remove/{id}` is the module's.
  api: { base: '/donation', list: 'page', detail: 'detail', submit: 'update', remove: 'remove' },
  fields: {
    donationCode: text(t('捐赠编号', 'Donation code'), { max: 32, form: 'readonly', list: true, search: 'like', width: 140 }),
    donorType: dict(t('捐赠方类型', 'Donor type'), 'donor_type', { source: 'biz', required: true, list: true, search: 'equal', width: 110 }),
    alumniId: fk(t('校友', 'Alumnus'), {
      ref: 'basicInfo', search: 'equal', width: 120,
      importBy: { field: 'alumniCode', label: t('校友编号', 'Alumni code') },
      options: { url: '/blade-basicInfo/basicInfo/select', shape: 'list', labelKey: 'label', valueKey: 'id', search: 'keyword' },
    }),
    associationId: associationPick(t('校友组织', 'Association'), { search: 'equal' }),
    // Required, but an alumnus's gift takes the alumnus's name when left empty (the hook checks it).
    donorName: text(t('捐赠方名称', 'Donor'), { max: 128, list: true, search: 'like', width: 180 }),
    isAnonymous: flag(t('匿名', 'Anonymous'), { default: 0, list: true, search: 'equal', width: 70 }),
    contactName: text(t('联系人', 'Contact'), { max: 32 }),
    areaCode: text(t('国际区号', 'Country code'), { max: 6, default: '+86' }),
    phone: text(t('联系电话', 'Phone'), { max: 20, search: 'equal', sensitive: 'phone' }),
    email: text(t('电子邮箱', 'E-mail'), { max: 100, check: 'email', sensitive: 'email' }),
    address: text(t('通讯地址', 'Address'), { max: 255, wide: true, sensitive: 'address' }),
    projectName: text(t('捐赠项目', 'Project'), { max: 128, list: true, search: 'like', width: 180 }),
    purpose: dict(t('捐赠用途', 'Purpose'), 'donation_purpose', { source: 'biz', required: true, list: true, search: 'equal', width: 100 }),
    departmentId: departmentPick(t('受益院系', 'Beneficiary college')),
    // A gift shared among funds: each purpose's part in CNY, adding up to the gift (decision 317).
    fundSplits: list(t('资金分配', 'Fund split'), {
      purpose: dict(t('用途', 'Purpose'), 'donation_purpose', { source: 'biz', required: true }),
      fundName: text(t('基金/项目', 'Fund or project'), { max: 64 }),
      amount: money(t('金额（元）', 'Amount (CNY)'), { required: true, ...money2 }),
    }, { maxRows: 10, max: 2000 }),
    // The activity entity comes with the activities module: a plain id until then.
    activityId: activityPick(t('关联活动', 'Activity'), { search: 'equal' }),
    donationMethod: dict(t('捐赠方式', 'Method'), 'donation_method', { source: 'biz', required: true, list: true, search: 'equal', width: 100 }),
    currency: dict(t('币种', 'Currency'), 'currency', { source: 'biz', required: true, default: 'CNY', list: true, search: 'equal', width: 80 }),
    amount: money(t('捐赠金额', 'Amount'), { required: true, ...money2, list: true, search: 'range', width: 130 }),
    cnyAmount: money(t('折合人民币', 'Amount in CNY'), { ...money2, list: true, search: 'range', width: 130 }),
    inKindDescription: textarea(t('物资说明', 'Goods'), { max: 1000 }),
    donateTime: datetime(t('捐赠时间', 'Donated at'), { required: true, list: true, search: 'range', width: 170 }),
    message: textarea(t('捐赠寄语', 'Message'), { max: 500 }),
    // A pledge paid in instalments: each due date and amount, adding up to the pledge (decision 319).
    instalments: list(t('分期计划', 'Instalment plan'), {
      dueDate: date(t('到期日', 'Due on'), { required: true }),
      amount: money(t('金额', 'Amount'), { required: true, ...money2 }),
      note: text(t('说明', 'Note'), { max: 64 }),
    }, { maxRows: 36, max: 4000 }),
    paymentStatus: dict(t('到账状态', 'Payment'), 'payment_status', { source: 'biz', numeric: true, required: true, default: '1', list: true, search: 'equal', width: 100 }),
    arrivalDate: date(t('到账日期', 'Received on'), { list: true, search: 'range', width: 110 }),
    payOrderNo: text(t('交易流水号', 'Transaction no.'), { max: 64, search: 'equal' }),
    receiptStatus: dict(t('票据状态', 'Receipt'), 'receipt_status', { source: 'biz', numeric: true, required: true, default: '0', list: true, search: 'equal', width: 90 }),
    receiptNo: text(t('票据号码', 'Receipt no.'), { max: 32, search: 'equal' }),
    receiptDate: date(t('开票日期', 'Issued on')),
    receiptVoidReason: text(t('作废原因', 'Reason voided'), { max: 200, form: 'readonly' }),
    receiptFiles: files(t('票据扫描件', 'Receipt scan'), { accept: 'file', max: 5, maxMb: 10 }, { max: 4000 }),
    agreementNo: text(t('协议编号', 'Agreement no.'), { max: 32, search: 'like' }),
    agreementFiles: files(t('捐赠协议', 'Agreement'), { accept: 'file', max: 5, maxMb: 10 }, { max: 6000 }),
    certificateIssued: flag(t('已发证书', 'Certificate issued'), { default: 0, list: true, search: 'equal', width: 90 }),
    thanked: flag(t('已致谢', 'Thanked'), { form: 'readonly', search: 'equal' }),
    isPublic: flag(t('公示', 'In the giving roll'), { default: 1, search: 'equal' }),
    handlerName: text(t('经办人', 'Handled by'), { max: 32, search: 'like' }),
    remark: text(t('备注', 'Remark'), { max: 500, wide: true }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
  },
  defaultSort: [{ field: 'donateTime', desc: true }],
  titleField: 'donorName',
  numbers: {
    // Given when the gift is received (or by `updateDonationCode`), never on a pledge.
    donationCode: { kind: 'sequence', prefix: { param: 'donation.code.prefix', default: 'JZ' }, period: 'year', dateField: 'donateTime', digits: 6, onDemand: true },
  },
  excel: { export: true, import: { key: ['donationCode'], fallbackKey: ['donorName', 'donateTime', 'amount'] } },
});
