import { useI18n, LANGUAGES, type Language } from '../i18n/i18n.js';
import { en } from '../i18n/en.js';
import { ptBR } from '../i18n/pt-BR.js';

const NAMES: Record<Language, string> = { en: en['lang.name'], 'pt-BR': ptBR['lang.name'] };

export function LanguageSwitch() {
  const { language, setLanguage, t } = useI18n();
  return (
    <label className="language-switch">
      <span className="visually-hidden">{t('lang.switch')}</span>
      <select value={language} onChange={(event) => setLanguage(event.target.value as Language)} aria-label={t('lang.switch')}>
        {LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
