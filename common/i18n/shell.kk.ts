// The shell's own words in Kazakh: exactly the English keys (the type and test/unit/catalogues.test.ts say so).
import type { ShellCatalogue } from './shell.en.ts';

export const shellKk: ShellCatalogue = {
  starting: 'CashDesk іске қосылуда…',
  waiting: {
    heading: 'CashDesk әлі іске қосылуда',
    process: 'CashDesk {{seconds}} секундтан бері осы компьютерде өз процесінің іске қосылуын күтіп тұр.',
    data: 'CashDesk {{seconds}} секундтан бері осы компьютер дискісіндегі деректер қалтасы мен дерекқорын күтіп тұр. Диск қатты жүктелгенде немесе ақаулы болғанда солай болады.',
    keychain:
      'CashDesk {{seconds}} секундтан бері шлюз токені сақталатын жүйелік кілттер қоймасын күтіп тұр. Қойма құлыпталған немесе басқа терезеде құпиясөз сұрап тұрған болуы мүмкін: оны ашып, қайталаңыз.',
    services: 'CashDesk {{seconds}} секундтан бері өз қызметтерінің іске қосылуын күтіп тұр.',
    safe: 'Ештеңе жоғалған жоқ: барлық операция осы компьютерде сақталған.',
    retry: 'Қайталау',
    quit: 'Шығу',
  },
  failed: {
    heading: 'Экран жұмысын тоқтатты',
    body: 'CashDesk экраны қатарынан бірнеше рет істен шықты. Ештеңе жоғалған жоқ: барлық операция CashDesk дерекқорында сақталған. Жалғастыру үшін CashDesk-ті қайта іске қосыңыз.',
    restart: 'CashDesk-ті қайта іске қосу',
  },
};
