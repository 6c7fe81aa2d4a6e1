import {
  BUSINESS_DICTIONARIES, EMAIL_MSG, SYSTEM_DICTIONARIES, emailProblem, idCardFilledValues, isIdCard, isMobile, isTelephone, registInfoEntity, ID_CARD_MSG,
  MOBILE_MSG, TELEPHONE_MSG,
} from '@alumni/domain';
import { App, Alert, Button, Card, Checkbox, Form, Input, InputNumber, Modal, Radio, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { http, type QueryParams } from '../../api/http';
import { asLang } from '../../entity/field-text';
import { useCaptcha } from '../login/use-captcha';
import './regist.css';
import '../../i18n/business-texts';

const OPEN = `${registInfoEntity.api?.base ?? ''}/open`;
const DEFAULT_TENANT = '000000';

interface Options {
  schoolName: string;
  schoolBeginYear: number;
  currentYear: number;
  departments: { id: string; departmentName: string }[];
  provinces: { code: string; name: string }[];
  /** `content` is HTML the server cleaned (the school's current version of the agreement). */
  agreement: { textCode: string; version: string; title: string; content: string };
}
interface Speciality { id: string; specialityName: string; educationLevel: string }
interface Progress { id: string; registNo: string; examineStatus: number; examineStatusName: string; examineOpinion: string | null }
interface Envelope<T> { code: number; msg: string; data: T }

const entries = (code: string, source: 'biz' | 'system') =>
  (source === 'biz' ? BUSINESS_DICTIONARIES : SYSTEM_DICTIONARIES).find((d) => d.code === code)?.entries ?? [];

/**
 * 校友信息登记 (DOMAIN 4.2.6): the public page, outside the signed-in shell and for a phone first,
 * through which an alumnus registers (or corrects a rejected registration) and follows its
 * examination. The tenant comes from `?tenantId=` (the demo school's by default).
 */
export default function RegistPage() {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const { message } = App.useApp();
  const [query] = useSearchParams();
  const tenantId = query.get('tenantId') ?? DEFAULT_TENANT;
  const headers = useMemo(() => ({ 'Tenant-Id': tenantId }), [tenantId]);
  const [form] = Form.useForm();
  const [lookup] = Form.useForm();
  const { captcha, refresh } = useCaptcha();
  const [options, setOptions] = useState<Options | null>(null);
  const [specialities, setSpecialities] = useState<Speciality[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [resubmitting, setResubmitting] = useState<string | null>(null);
  const banner = useRef<HTMLDivElement>(null);
  const departmentId = Form.useWatch('departmentId', form);
  const country = Form.useWatch('country', form);
  const areaCode = Form.useWatch('areaCode', form);

  const call = async <T,>(method: 'get' | 'post', url: string, data?: unknown, extra: Record<string, string> = {}): Promise<T | null> => {
    // A GET's values (a department id, the lookup form's texts) go in its query.
    const params = method === 'get' ? data as QueryParams | undefined : undefined;
    const res = await http.request<Envelope<T>>({ method, url, data, headers: { ...headers, ...extra }, params });
    if (res.data.code !== 200) {
      void message.error(res.data.msg);
      return null;
    }
    return res.data.data;
  };

  useEffect(() => {
    void call<Options>('get', `${OPEN}/options`).then((o) => o && setOptions(o));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per tenant and language
  }, [tenantId, lang]);

  // The confirmation is at the top of the page, the submit button at its foot: it is brought into view.
  useEffect(() => {
    if (!done || !banner.current) return;
    banner.current.scrollIntoView({ block: 'start', behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
    banner.current.focus({ preventScroll: true });
  }, [done]);

  useEffect(() => {
    form.setFieldValue('specialityId', undefined);
    setSpecialities([]);
    if (departmentId) void call<Speciality[]>('get', `${OPEN}/speciality`, { departmentId }).then((s) => s && setSpecialities(s));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the department
  }, [departmentId]);

  const dict = (code: string, source: 'biz' | 'system') => entries(code, source).map((e) => ({ value: e.key, label: lang === 'en' ? e.valueEn : e.value }));
  const required = (label: string) => ({ required: true, message: t('regist.page.enter', { label }) });
  /** A choice (a dropdown, the radio buttons) left empty asks to choose, not to enter. */
  const chosen = (label: string) => ({ required: true, message: t('regist.page.select', { label }) });
  const label = (name: keyof typeof registInfoEntity.fields) => registInfoEntity.fields[name].label[lang];

  const submit = async () => {
    const values = await form.validateFields();
    const speciality = specialities.find((s) => s.id === values.specialityId);
    setBusy(true);
    try {
      const { agreed: _agreed, code, ...rest } = values as Record<string, unknown>;
      const answer = await call<{ registNo: string }>('post', `${OPEN}/submit`, {
        ...rest, ...(resubmitting ? { id: resubmitting } : {}), educationLevel: speciality?.educationLevel,
        allowSms: rest.allowSms ? 1 : 0, allowEmail: rest.allowEmail ? 1 : 0, agreementVersion: options?.agreement.version,
      }, { 'Captcha-Key': captcha?.key ?? '', 'Captcha-Code': String(code ?? '') });
      if (answer) {
        setDone(answer.registNo);
        setResubmitting(null);
        form.resetFields();
      }
    } finally {
      setBusy(false);
      form.setFieldValue('code', '');
      refresh();
    }
  };

  const follow = async () => {
    const values = await lookup.validateFields();
    setProgress(await call<Progress>('get', `${OPEN}/progress`, values));
  };

  const phoneRule = {
    validator: async (_: unknown, value: string | undefined) => {
      if (!value) return;
      if ((areaCode ?? '+86') === '+86' ? !isMobile(value.replace(/[\s-]/g, '').replace(/^\+?86/, '')) : !isTelephone(value)) {
        throw new Error(((areaCode ?? '+86') === '+86' ? MOBILE_MSG.invalid : TELEPHONE_MSG)[lang]);
      }
    },
  };

  return (
    <div className="regist-page">
      <header className="regist-header">
        <Typography.Title level={3}>{options?.schoolName} {t('regist.page.title')}</Typography.Title>
        <Button type="link" onClick={() => void i18n.changeLanguage(lang === 'en' ? 'zh' : 'en')}>
          {lang === 'en' ? t('regist.page.chinese') : t('regist.page.english')}
        </Button>
      </header>
      <Typography.Paragraph type="secondary">{t('regist.page.intro')}</Typography.Paragraph>
      {done && (
        <div ref={banner} tabIndex={-1} className="regist-submitted" data-testid="regist-submitted">
          <Alert type="success" showIcon title={t('regist.page.submitted', { registNo: done })} style={{ marginBottom: 16 }} />
        </div>
      )}
      <Form
        form={form} layout="vertical" aria-label={t('regist.page.title')}
        onValuesChange={(changed: Record<string, unknown>, all: Record<string, unknown>) => {
          // The ID number's field behaviour (`idCardFills`), as every form of the entity has it; the page asks no birthday.
          const fills = registInfoEntity.fields.idCardNo.idCardFills;
          if (fills && ('idCardNo' in changed || fills.typeField in changed)) {
            const { [fills.gender]: gender } = idCardFilledValues(fills, all.idCardNo, all);
            if (gender) form.setFieldValue(fills.gender, gender);
          }
        }}
        initialValues={{ idType: '1', areaCode: '+86', country: lang === 'en' ? 'China' : '中国', allowSms: true, allowEmail: true }}>
        <Card title={t('regist.page.personal')} size="small">
          <Form.Item name="name" label={label('name')} rules={[required(label('name')), { min: 2, max: 30 }]}><Input maxLength={30} /></Form.Item>
          <Form.Item name="gender" label={label('gender')} rules={[chosen(label('gender'))]}><Radio.Group options={dict('sex', 'system').slice(0, 2)} /></Form.Item>
          <Form.Item name="idType" label={label('idType')} rules={[chosen(label('idType'))]}><Select options={dict('id_type', 'biz')} /></Form.Item>
          <Form.Item
            name="idCardNo" label={label('idCardNo')}
            rules={[required(label('idCardNo')), ({ getFieldValue }) => ({
              validator: async (_, value: string | undefined) => {
                if (value && getFieldValue('idType') === '1' && !isIdCard(value)) throw new Error(ID_CARD_MSG[lang]);
              },
            })]}
          >
            <Input maxLength={30} />
          </Form.Item>
        </Card>
        <Card title={t('regist.page.education')} size="small">
          <Form.Item name="departmentId" label={label('departmentId')} rules={[chosen(label('departmentId'))]}>
            <Select showSearch optionFilterProp="label" placeholder={t('regist.page.choose')} options={options?.departments.map((d) => ({ value: d.id, label: d.departmentName })) ?? []} />
          </Form.Item>
          <Form.Item name="specialityId" label={label('specialityId')} rules={[chosen(label('specialityId'))]}>
            <Select
              showSearch optionFilterProp="label" placeholder={t('regist.page.choose')} disabled={!departmentId}
              options={specialities.map((s) => ({ value: s.id, label: `${s.specialityName}（${dict('education_level', 'biz').find((e) => e.value === s.educationLevel)?.label ?? ''}）` }))}
            />
          </Form.Item>
          <Space.Compact block>
            <Form.Item name="enrollmentYear" label={label('enrollmentYear')} rules={[required(label('enrollmentYear'))]} style={{ flex: 1 }}>
              <InputNumber min={options?.schoolBeginYear ?? 1900} max={options?.currentYear ?? 2100} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="graduationYear" label={label('graduationYear')} style={{ flex: 1 }}>
              <InputNumber min={options?.schoolBeginYear ?? 1900} max={options?.currentYear ?? 2100} style={{ width: '100%' }} />
            </Form.Item>
          </Space.Compact>
          <Form.Item name="studentNo" label={label('studentNo')}><Input maxLength={32} /></Form.Item>
        </Card>
        <Card title={t('regist.page.contact')} size="small">
          <Form.Item name="areaCode" label={label('areaCode')} rules={[{ required: true, pattern: /^\+[0-9]{1,4}$/, message: '+86' }]}><Input maxLength={6} /></Form.Item>
          <Form.Item name="phone" label={label('phone')} rules={[required(label('phone')), phoneRule]}><Input maxLength={20} inputMode="tel" /></Form.Item>
          <Form.Item
            name="email" label={label('email')}
            rules={[{ validator: async (_, value: string | undefined) => { const problem = value ? emailProblem(value) : undefined; if (problem) throw new Error(EMAIL_MSG[problem][lang]); } }]}
          >
            <Input maxLength={100} inputMode="email" />
          </Form.Item>
          <Form.Item name="country" label={label('country')} rules={[required(label('country'))]}><Input maxLength={64} /></Form.Item>
          {['中国', 'China', 'CN'].includes(String(country ?? '').trim()) && (
            <Form.Item name="provinceCode" label={label('provinceCode')} rules={[chosen(label('provinceCode'))]}>
              <Select showSearch optionFilterProp="label" placeholder={t('regist.page.choose')} options={options?.provinces.map((p) => ({ value: p.code, label: p.name })) ?? []} />
            </Form.Item>
          )}
        </Card>
        <Card title={t('regist.page.work')} size="small">
          <Form.Item name="company" label={label('company')}><Input maxLength={128} /></Form.Item>
          <Form.Item name="position" label={label('position')}><Input maxLength={64} /></Form.Item>
        </Card>
        <Card title={t('regist.page.consent')} size="small">
          <Form.Item name="allowSms" valuePropName="checked" style={{ marginBottom: 4 }}><Checkbox>{label('allowSms')}</Checkbox></Form.Item>
          <Form.Item name="allowEmail" valuePropName="checked"><Checkbox>{label('allowEmail')}</Checkbox></Form.Item>
          <Form.Item
            name="agreed" valuePropName="checked"
            rules={[{ validator: async (_, value: boolean) => { if (!value) throw new Error(t('regist.page.agreementRequired')); } }]}
          >
            <Checkbox>
              {t('regist.page.agree')}
              <Button type="link" size="small" onClick={(e) => { e.preventDefault(); Modal.info({ title: options?.agreement.title, width: 560, content: <AgreementText html={options?.agreement.content ?? ''} /> }); }}>
                《{options?.agreement.title}》
              </Button>
            </Checkbox>
          </Form.Item>
          <Form.Item label={t('regist.page.captcha')} required>
            <Space.Compact block>
              <Form.Item name="code" noStyle rules={[{ required: true, message: t('regist.page.captchaRequired') }]}><Input maxLength={8} aria-label={t('regist.page.captcha')} /></Form.Item>
              <button type="button" className="regist-captcha" onClick={refresh} title={t('regist.page.refreshCaptcha')}>
                {captcha && <img src={captcha.image} alt={t('regist.page.captcha')} />}
              </button>
            </Space.Compact>
          </Form.Item>
        </Card>
        <Button type="primary" size="large" block loading={busy} onClick={() => void submit().catch(() => undefined)}>
          {resubmitting ? t('regist.page.resubmit') : t('regist.page.submit')}
        </Button>
      </Form>

      <Card title={t('regist.page.progress')} size="small" className="regist-progress">
        <Form form={lookup} layout="vertical" aria-label={t('regist.page.progress')}>
          <Form.Item name="registNo" label={t('regist.page.registNo')} rules={[required(t('regist.page.registNo'))]}><Input maxLength={20} /></Form.Item>
          <Form.Item name="phone" label={label('phone')} rules={[required(label('phone'))]}><Input maxLength={20} inputMode="tel" /></Form.Item>
          <Button onClick={() => void follow().catch(() => undefined)}>{t('regist.page.query')}</Button>
        </Form>
        {progress && (
          <div className="regist-progress-answer" role="status">
            <div>{t('regist.page.status')}：<strong>{progress.examineStatusName}</strong></div>
            {progress.examineOpinion && <div>{t('regist.page.opinion')}：{progress.examineOpinion}</div>}
            {progress.examineStatus === 2 && (
              <Button type="link" onClick={() => { setResubmitting(progress.id); form.setFieldValue('phone', lookup.getFieldValue('phone')); window.scrollTo(0, 0); }}>
                {t('regist.page.resubmit')}
              </Button>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}

/** The agreement's wording, as the school wrote it (HTML the server has cleaned of scripts and handlers). */
function AgreementText({ html }: { html: string }) {
  return <div className="rich-text-view" data-testid="agreement-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
