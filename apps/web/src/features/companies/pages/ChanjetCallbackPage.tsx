import { Alert, Button, Card, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { chanjetApi, pendingKey } from '../chanjet-api';

/** Where Chanjet sends the client back (?code=&state=): submits the code and pulls the chosen months. */
export function ChanjetCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string; firmId: number | null } | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const state = params.get('state') ?? '';
    const code = params.get('code') ?? '';
    const pending = sessionStorage.getItem(pendingKey(state));
    if (!code || !pending) {
      setOutcome({ ok: false, text: t('companies.chanjet.lost'), firmId: null });
      return;
    }
    const chosen = JSON.parse(pending) as { periodFrom: string; periodTo: string; firmId: number };
    chanjetApi
      .finish({ state, code, periodFrom: chosen.periodFrom, periodTo: chosen.periodTo })
      .then((done) => {
        sessionStorage.removeItem(pendingKey(state));
        setOutcome({
          ok: true,
          text: t('companies.chanjet.done', { count: done.importIds.length }),
          firmId: chosen.firmId,
        });
      })
      .catch((caught: unknown) =>
        setOutcome({
          ok: false,
          text: isApiError(caught) ? caught.msg : t('companies.chanjet.failed'),
          firmId: chosen.firmId,
        }),
      );
  }, [params]);

  return (
    <Card title={t('companies.chanjet.title')}>
      {!outcome && <Spin />}
      {outcome && (
        <Result
          status={outcome.ok ? 'success' : 'error'}
          title={outcome.ok ? t('companies.chanjet.doneTitle') : undefined}
          subTitle={outcome.ok ? outcome.text : undefined}
          extra={
            outcome.firmId !== null && (
              <Button type="primary" onClick={() => navigate(`/company/firm?firmId=${outcome.firmId}`)}>
                {t('companies.chanjet.back')}
              </Button>
            )
          }
        >
          {!outcome.ok && <Alert type="error" showIcon title={outcome.text} />}
        </Result>
      )}
    </Card>
  );
}
