import { Anchor, Typography } from 'antd';
import { Link } from 'react-router';
import { LOGIN_PATH, PRIVACY_PATH, TERMS_PATH } from '../../../app/route-types';
import { useAppTokens } from '../../../app/useAppTokens';
import { BrandLogo } from '../../../components/BrandLogo';
import { t } from '../../../locales';
import { type LegalDocument, PRIVACY_POLICY, TERMS_OF_SERVICE } from '../legal-texts';
import './legal-page.css';

/** One document of 服务条款 / 隐私政策: readable without signing in, from the sign-up form's links. */
function LegalDocumentPage({ doc, other }: { doc: LegalDocument; other: { to: string; title: string } }) {
  const tokens = useAppTokens();
  return (
    <div className="tl-legal" data-testid="legal-page">
      <header className="tl-legal-head" style={{ background: tokens.headerBg }}>
        <Link to={LOGIN_PATH} aria-label={t('common.appFullName')}>
          <BrandLogo size={28} textColor={tokens.headerText} />
        </Link>
        <nav className="tl-legal-nav">
          <Link to={other.to}>{other.title}</Link>
          <Link to={LOGIN_PATH}>{t('staff.legal.backToLogin')}</Link>
        </nav>
      </header>
      <div className="tl-legal-body">
        <aside className="tl-legal-toc">
          <Anchor
            offsetTop={16}
            items={doc.sections.map((section, index) => ({
              key: String(index),
              href: `#legal-${index}`,
              title: section.heading,
            }))}
          />
        </aside>
        <article className="tl-legal-article">
          <Typography.Title level={2}>{doc.title}</Typography.Title>
          <Typography.Text type="secondary" data-testid="legal-version">
            {t('staff.legal.version', { date: doc.version })}
          </Typography.Text>
          <Typography.Paragraph className="tl-legal-intro">{doc.intro}</Typography.Paragraph>
          {doc.sections.map((section, index) => (
            <section key={section.heading} id={`legal-${index}`}>
              <Typography.Title level={4}>{section.heading}</Typography.Title>
              {section.paragraphs.map((paragraph) => (
                <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>
              ))}
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}

export function TermsPage() {
  return <LegalDocumentPage doc={TERMS_OF_SERVICE} other={{ to: PRIVACY_PATH, title: PRIVACY_POLICY.title }} />;
}

export function PrivacyPage() {
  return <LegalDocumentPage doc={PRIVACY_POLICY} other={{ to: TERMS_PATH, title: TERMS_OF_SERVICE.title }} />;
}
