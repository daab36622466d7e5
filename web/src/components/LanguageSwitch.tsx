import { useI18n } from '../i18n/i18n.js';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../i18n/language.js';

export function LanguageSwitch() {
  const { language, setLanguage, t } = useI18n();
  return (
    <select
      className="language-switch"
      value={language}
      onChange={(event) => void setLanguage(event.target.value as Language)}
      aria-label={t('lang.switch')}
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code}>
          {LANGUAGE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}
