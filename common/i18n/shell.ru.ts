// The shell's own words in Russian: exactly the English keys (the type and test/unit/catalogues.test.ts say so).
import type { ShellCatalogue } from './shell.en.ts';

export const shellRu: ShellCatalogue = {
  starting: 'CashDesk запускается…',
  waiting: {
    heading: 'CashDesk всё ещё запускается',
    process: 'Уже {{seconds}} с CashDesk ждёт запуска своего процесса на этом компьютере.',
    data: 'Уже {{seconds}} с CashDesk ждёт свою папку данных и базу данных на диске этого компьютера. Так бывает, когда диск сильно загружен или неисправен.',
    keychain:
      'Уже {{seconds}} с CashDesk ждёт системное хранилище паролей, где хранится токен шлюза. Возможно, оно заблокировано или запрашивает пароль в другом окне: разблокируйте его и попробуйте снова.',
    services: 'Уже {{seconds}} с CashDesk ждёт запуска своих служб.',
    safe: 'Ничего не потеряно: все операции сохранены на этом компьютере.',
    retry: 'Попробовать снова',
    quit: 'Выйти',
  },
  failed: {
    heading: 'Экран перестал работать',
    body: 'Экран CashDesk несколько раз подряд дал сбой. Ничего не потеряно: все операции сохранены в базе данных CashDesk. Перезапустите CashDesk, чтобы продолжить.',
    restart: 'Перезапустить CashDesk',
  },
};
