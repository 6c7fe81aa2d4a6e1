import { QUESTION_TYPE, subjectRegistEntity, type SurveySubjectView, type SurveyView } from '@alumni/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, List, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { getData } from '../../api/http';
import { BarChart } from '../home/BarChart';
import { PieChart } from '../home/PieChart';

const BASE = subjectRegistEntity.api?.base ?? '';

/** One question's figures: bars (or a pie for one choice) for choices, average and bars for ratings, the latest texts. */
function QuestionStats({ subject }: { subject: SurveySubjectView }) {
  const { t } = useTranslation();
  const label = `${subject.subjectNo}. ${subject.subjectTitle}`;
  const type = subject.questionType;
  let body;
  if (type === QUESTION_TYPE.matrix) {
    const columns = [{ title: '', dataIndex: 'row', key: 'row' }, ...subject.matrixColumns.map((c, i) => ({ title: c, dataIndex: String(i + 1), key: String(i + 1) }))];
    const rows = subject.options.map((o) => ({ key: o.id, row: o.optionContent, ...Object.fromEntries((o.columns ?? []).map((c) => [c.key, c.count])) }));
    body = <Table size="small" pagination={false} columns={columns} dataSource={rows} />;
  } else if (subject.options.length > 0) {
    const bars = subject.options.map((o) => ({ key: o.id, label: `${o.optionLabel}. ${o.optionContent}`, value: o.count ?? 0 }));
    body = (
      <>
        {type === QUESTION_TYPE.multiple
          ? <BarChart bars={bars} series={t('survey.count')} label={label} />
          : <PieChart slices={bars} label={label} />}
        {subject.options.some((o) => o.fills?.length) && (
          <Typography.Paragraph type="secondary">{t('survey.fills')}：{subject.options.flatMap((o) => o.fills ?? []).join('；')}</Typography.Paragraph>
        )}
      </>
    );
  } else if (type === QUESTION_TYPE.rating) {
    body = (
      <>
        <Statistic title={t('survey.avgScore')} value={subject.avgScore} suffix={`/ ${subject.scoreMax ?? 5}`} />
        <BarChart bars={(subject.scoreDistribution ?? []).map((d) => ({ key: d.key, label: d.label, value: d.count }))} series={t('survey.count')} label={label} />
      </>
    );
  } else {
    body = (
      <>
        {type === QUESTION_TYPE.number && <Statistic title={t('survey.avgValue')} value={subject.avgValue} />}
        <List size="small" dataSource={subject.textAnswers ?? []} locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
          renderItem={(a) => <List.Item extra={<Typography.Text type="secondary">{a.answerTime}</Typography.Text>}>{a.text}</List.Item>} />
      </>
    );
  }
  return (
    <Card title={label} size="small" extra={<Typography.Text type="secondary">{t('survey.answered', { count: subject.answeredCount ?? 0 })}</Typography.Text>}
      data-testid={`stats-${subject.subjectNo}`}>
      {body}
    </Card>
  );
}

/** 统计 (DOMAIN 9.1): a chart per question from `getQuestionnaireSurvey?withStats=1`. */
export default function SurveyStatsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data, isLoading } = useQuery({
    queryKey: ['survey-stats', id],
    queryFn: () => getData<SurveyView>(`${BASE}/getQuestionnaireSurvey`, { surveyId: id, withStats: '1' }),
  });
  if (isLoading || !data) return <Skeleton active />;
  return (
    <div style={{ padding: 16 }}>
      <Typography.Title level={4}>{data.survey.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('survey.answerTotal', { count: data.survey.answerCount })}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {data.subjects.map((s) => <Col key={s.id} xs={24} lg={12}><QuestionStats subject={s} /></Col>)}
      </Row>
    </div>
  );
}
