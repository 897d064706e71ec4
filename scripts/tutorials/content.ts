/**
 * The provider's help content, the source of server/assets/tutorials/content.json: the tutorial
 * topics and items (each item's narration as sentences, one still of the video per sentence; the
 * steps that take the stills are in scenes.ts, by item key) and the FAQ topics. Edit here, then run
 * `npx tsx scripts/tutorials/generate.ts` (see its header); `--content-only` rewrites content.json
 * without recording, keeping the measured durations of the videos already made.
 *
 * FAQ answers are plain text, paragraphs separated by a blank line; `tutorial` names the item key of
 * the video that shows the same thing.
 */

export type TutorialItemSource = {
  key: string;
  name: string;
  description: string;
  /** The narration, sentence by sentence: one still per sentence, held while it is spoken. */
  sentences: string[];
};

export type TutorialTopicSource = { key: string; name: string; items: TutorialItemSource[] };

export type FaqItemSource = { key: string; name: string; description: string; tutorial?: string };

export type FaqTopicSource = { key: string; name: string; description: string; items: FaqItemSource[] };

export const tutorials: TutorialTopicSource[] = [
  {
    key: 'zene',
    name: 'Zene és lejátszó',
    items: [
      {
        key: 'csatorna-inditasa',
        name: 'Csatorna indítása',
        description: 'Válasszon zenei csatornát a hangulathoz, indítsa el, és tegye a kedvencei közé.',
        sentences: [
          'A Csatornák oldalon kategóriák szerint böngészhet a zenei csatornák között.',
          'Nyisson meg egy csatornát: itt látja a leírását, a zenék számát és a teljes hosszát.',
          'A lejátszás gombbal indítsa el. A zene a lenti lejátszósávban jelenik meg, itt szüneteltetheti, továbbléptetheti, és állíthatja a hangerőt.',
          'A szív gombbal a csatornát a kedvencei közé teheti, így a Kedvencek fülön legközelebb gyorsan megtalálja.',
        ],
      },
      {
        key: 'sajat-lista',
        name: 'Saját lista összeállítása',
        description: 'Állítsa össze a bolt saját lejátszási listáját a csatornák zenéiből.',
        sentences: [
          'A Saját listák oldalon a bolt saját lejátszási listáit találja.',
          'Az Új lista gombbal hozzon létre egy listát, és adjon neki nevet.',
          'Ezután nyisson meg egy csatornát, és a zenék melletti plusz gombbal jelölje be, melyik listára kerüljön a dal.',
          'A lista oldalán a zenéket áthúzással rendezheti sorba, és a lejátszás gombbal elindíthatja a listát.',
        ],
      },
      {
        key: 'zene-atvitele',
        name: 'A zene átvitele másik eszközre',
        description: 'A zene mindig egy eszközön szól; így viheti át egy másik gépre, tabletre vagy telefonra.',
        sentences: [
          'A zene mindig csak egy eszközön szól. A bolt többi bejelentkezett eszköze távirányítóként működik.',
          'A lejátszósáv Eszközök gombjával megnézheti, mely eszközök vannak most bejelentkezve, és melyiken szól a zene.',
          'Válassza ki azt az eszközt, amelyiken szólnia kell: a zene ott folytatódik, ahol abbahagyta.',
          'Az előző eszköz ezután távirányító lesz: innen is indíthat, megállíthat és hangerőt állíthat.',
        ],
      },
    ],
  },
  {
    key: 'reklamok',
    name: 'Reklámok és hangok',
    items: [
      {
        key: 'szpot-feltoltese',
        name: 'Szpot feltöltése',
        description: 'Töltse fel a bolt reklámját MP3 fájlként, hogy az ütemezés lejátszhassa.',
        sentences: [
          'A Keverőpult Szpotok fülén találja a bolt reklám szpotjait.',
          'Az Új szpot feltöltése gombbal adjon nevet a szpotnak, és válasszon ki egy MP3 fájlt.',
          'Mentés után a szpot megjelenik a listában. Szerkesztéskor meghallgathatja, és lecserélheti a fájlját.',
          'Hogy mikor szóljon a szpot, azt az Ütemezés fülön állíthatja be.',
        ],
      },
      {
        key: 'hangtar-gyorshangok',
        name: 'Hangtár és gyorshangok',
        description: 'Rövid hangok, amelyeket egy koppintással azonnal megszólaltathat a boltban.',
        sentences: [
          'A Hangtárban rövid hangokat talál, amelyeket bármikor megszólaltathat a boltban.',
          'A villám gombbal egy hangot a gyorshangok közé tehet, a szív gombbal pedig a kedvencei közé.',
          'Egy gyorshangra koppintva a hang azonnal megszólal a zenét lejátszó eszközön, a zene addig szünetel.',
          'Saját hangot az Új hang feltöltése gombbal tölthet fel, MP3 formátumban.',
        ],
      },
    ],
  },
  {
    key: 'utemezes',
    name: 'Ütemezés és képernyők',
    items: [
      {
        key: 'utemezes-letrehozasa',
        name: 'Ütemezés létrehozása',
        description: 'Állítsa be, milyen gyakran és mikor szóljanak a szpotok, és mikor fussanak a slideshowk.',
        sentences: [
          'Az Ütemezés fülön látja, mikor milyen szpotok és slideshowk futnak a boltban.',
          'Az Új ütemezés gombbal adjon nevet, és válassza ki a gyakoriságot, például óránként.',
          'Kiválaszthatja a napokat és egy idősávot is, például hogy csak nyitvatartás alatt szóljon.',
          'Végül jelölje ki a szpotokat, amelyeknek szólniuk kell.',
          'Mentés után az ütemezés megjelenik a listában, és a kapcsolóval bármikor szüneteltetheti.',
        ],
      },
      {
        key: 'slideshow-es-kepernyo',
        name: 'Slideshow és képernyő',
        description: 'Készítsen diavetítést a bolt tévéjére, és nyissa meg a képernyő linkjén.',
        sentences: [
          'A Slideshowk fülön képekből álló diavetítéseket készíthet a bolt kijelzőire.',
          'Minden képnél megadhatja, hány másodpercig látszik, és áthúzással módosíthatja a sorrendet.',
          'A Képernyők fülön vegye fel a bolt tévéjét, és válassza ki az alapértelmezett slideshow-t.',
          'Végül nyissa meg a tévé böngészőjében a képernyő nyilvános linkjét: bejelentkezés nélkül mutatja a diavetítést.',
        ],
      },
    ],
  },
];

export const faqs: FaqTopicSource[] = [
  {
    key: 'lejatszas',
    name: 'Lejátszás és eszközök',
    description: 'Csatornák, saját listák, és hogy melyik eszközön szól a zene.',
    items: [
      {
        key: 'zene-masik-eszkozre',
        name: 'Hogyan vihetem át a zenét egy másik eszközre?',
        description:
          'Jelentkezzen be a másik eszközön is (számítógép, tablet vagy telefon) ugyanazzal a fiókkal. Ezután a lejátszósáv Eszközök gombjával válassza ki, melyiken szóljon a zene.\n\nA zene az új eszközön ott folytatódik, ahol abbahagyta. Ha a böngésző kéri, koppintson egyszer a képernyőre, hogy a lejátszás elinduljon.',
        tutorial: 'zene-atvitele',
      },
      {
        key: 'miert-nem-szol',
        name: 'Miért nem szól a zene ezen a gépen, ha a lejátszó fut?',
        description:
          'A bolt zenéje egyszerre mindig csak egy eszközön szól, hogy ne szóljon kétszer. Ilyenkor a lejátszósávban ez áll: „A zene egy másik eszközön szól”. Ez az eszköz ekkor távirányító: innen is indíthat, megállíthat, léptethet és hangerőt állíthat.\n\nHa ezen az eszközön szeretné hallani, válassza ki az Eszközök gombbal, vagy nyomja meg a „Lejátszás ezen az eszközön” gombot.',
        tutorial: 'zene-atvitele',
      },
      {
        key: 'koppintson-ide',
        name: 'Miért kell koppintanom, mielőtt megszólal a zene?',
        description:
          'A böngészők hangot csak akkor indítanak el, ha a felhasználó előtte megérintette az oldalt. Újratöltés után, vagy amikor a zenét erre az eszközre helyezték át, ezért megjelenhet a felirat: „A lejátszás elindításához koppintson ide”.\n\nEgy koppintás elég, a zene azonnal szól. Az üzletben hagyott gépen érdemes a böngészőt nyitva hagyni, nem újratölteni.',
      },
      {
        key: 'indulas-reggel',
        name: 'Hogyan induljon magától a zene reggel?',
        description:
          'A pult gépén a zene nyitáskor magától is elindulhat, ha a gép készen áll rá.\n\n1. Bejelentkezéskor jelölje be az „Emlékezzen rám” négyzetet, különben a bejelentkezés 24 óra után lejár.\n\n2. Kapcsolja ki a gép alvó módját, hogy éjszaka se aludjon el.\n\n3. Állítsa be, hogy a gép bekapcsoláskor nyissa meg a bolt címét a böngészőben.\n\n4. Chromiumban vagy Edge-ben engedélyezze a hangot a bolt oldalának (a címsor elején a lakat ikon, Webhelybeállítások, Hang: Engedélyezés). Kioszk módban indítva ugyanezt az automatikus lejátszás kapcsolója adja meg (--autoplay-policy=no-user-gesture-required).\n\nHa a böngésző nem engedi a hangot, azon a gépen a lejátszósávban ez áll: „Kattintson ide a zene indításához”, a telefonokon pedig az, hogy a zene nem szól. Ilyenkor egy kattintás a gépen elindítja a zenét.',
      },
      {
        key: 'csatorna-inditasa',
        name: 'Hogyan indíthatok el egy csatornát vagy egy saját listát?',
        description:
          'Nyissa meg a csatornát a Csatornák oldalon (vagy a listát a Saját listák oldalon), és nyomja meg a lejátszás gombot. A zene a lenti lejátszósávban jelenik meg, ahol szüneteltetheti, továbbléptetheti és a hangerőt is állíthatja.\n\nA kedvenc csatornákat a szív gombbal jelölheti meg, ezeket a Kedvencek fülön találja.',
        tutorial: 'csatorna-inditasa',
      },
      {
        key: 'lista-vege',
        name: 'Mi történik, ha a lista végére ér a zene?',
        description:
          'Az ismétlés alapból be van kapcsolva, így a csatorna vagy a lista az utolsó dal után elölről kezdődik, és a bolt nem marad csendben. Ha kikapcsolja az ismétlést, a zene a lista végén megáll.\n\nA véletlen sorrend gombbal a dalok keverve szólnak: egy körben minden dal egyszer, utána új sorrendben.',
        tutorial: 'sajat-lista',
      },
    ],
  },
  {
    key: 'szpotok',
    name: 'Szpotok és hangok',
    description: 'Reklám szpotok feltöltése és a hangtár használata.',
    items: [
      {
        key: 'szpot-feltoltese',
        name: 'Hogyan tölthetek fel új reklám szpotot?',
        description:
          'A Keverőpult Szpotok fülén nyomja meg az „Új szpot feltöltése” gombot, adjon nevet a szpotnak, és válasszon ki egy MP3 fájlt. Mentés után a szpot megjelenik a listában.\n\nA szpot magától nem szól: az Ütemezés fülön állíthatja be, milyen gyakran és mikor játssza le a rendszer.',
        tutorial: 'szpot-feltoltese',
      },
      {
        key: 'reklam-atugrasa',
        name: 'Miért nem tudom átugrani a reklámot?',
        description:
          'A reklám szpotok a zene szüneteltetésével szólnak, és nem ugorhatók át: így biztos, hogy a vásárlók végighallgatják. Közben a lejátszósávon ez áll: „Reklám közben nem lehet továbblépni”. A szpot vége után a zene ott folytatódik, ahol megállt.\n\nA hangtár hangjai (például egy gong vagy csengő) viszont átléphetők a következő szám gombbal.',
      },
      {
        key: 'szpot-vagy-hang',
        name: 'Mi a különbség a szpot és a hang között?',
        description:
          'A szpot a bolt reklámja: az ütemezés szerint, rendszeresen szól, és nem ugorható át.\n\nA hang egy rövid jelzés a Hangtárból (például pénztárnyitás, gong, csengő), amelyet Ön indít el kézzel, amikor szükség van rá. Ez átugorható.',
        tutorial: 'hangtar-gyorshangok',
      },
      {
        key: 'hang-azonnal',
        name: 'Hogyan szólaltathatok meg egy hangot azonnal?',
        description:
          'A Keverőpult Hangtár fülén a villám gombbal tegye a hangot a gyorshangok közé. A gyorshangok a lap tetején jelennek meg: egy koppintásra a hang azonnal megszólal azon az eszközön, amelyiken a zene szól, és a zene addig szünetel.',
        tutorial: 'hangtar-gyorshangok',
      },
      {
        key: 'hang-torlese',
        name: 'Törölhetem a hangtár hangjait?',
        description:
          'Csak a saját feltöltött hangjait („Saját hangok”) törölheti. A szolgáltató hangjai mindenki számára elérhetők, ezeket nem lehet törölni, de a kedvencek és a gyorshangok közül bármikor kiveheti őket.',
      },
    ],
  },
  {
    key: 'utemezes',
    name: 'Ütemezés',
    description: 'Mikor és milyen gyakran szóljanak a szpotok, és mikor fussanak a slideshowk.',
    items: [
      {
        key: 'orankent',
        name: 'Hogyan állíthatom be, hogy egy reklám óránként szóljon?',
        description:
          'A Keverőpult Ütemezés fülén nyomja meg az „Új ütemezés” gombot. Adjon nevet, a Gyakoriságnál válassza az „Óránként” lehetőséget (vagy például a „15 percenként”-et), jelölje ki a szpotot, és mentse.\n\nA kezdő és záró dátumot üresen hagyva az ütemezés azonnal indul, és nem ér véget.',
        tutorial: 'utemezes-letrehozasa',
      },
      {
        key: 'nyitvatartas',
        name: 'Hogyan korlátozhatom nyitvatartási időre vagy bizonyos napokra?',
        description:
          'Az ütemezés űrlapján a Napok résznél jelölje ki, mely napokon szóljon. A „Csak ekkor” idősávval megadhatja, mikor szólhat (például 9:00-tól 20:00-ig; a záró időpont már nem tartozik bele), a „Kivéve ekkor” idősávval pedig kizárhat egy időszakot, például az ebédidőt.\n\nAz idősáv éjfélen át is tarthat, például 22:00-tól 2:00-ig. Az időpontok a bolt helyi ideje szerint értendők.',
        tutorial: 'utemezes-letrehozasa',
      },
      {
        key: 'szuneteltetes',
        name: 'Hogyan szüneteltethetek egy ütemezést törlés nélkül?',
        description:
          'Az ütemezések listájában kapcsolja ki a sor Státusz kapcsolóját. A kikapcsolt ütemezés nem szól, de minden beállítása megmarad, és később egy kattintással visszakapcsolhatja.\n\nA törlés végleges, ezért ha csak egy időre állítaná le, inkább kapcsolja ki.',
        tutorial: 'utemezes-letrehozasa',
      },
      {
        key: 'mikor-szol',
        name: 'Honnan látom, mikor szól legközelebb egy szpot?',
        description:
          'Az Ütemezés fülön „A következő 24 óra” áttekintés óránként mutatja, mi szól és mi fut a képernyőkön. Figyelmeztet arra is, ha két ütemezés ugyanabban a percben indulna, vagy ha a szpotok hosszabbak, mint a következő indításig hátralévő idő.',
        tutorial: 'utemezes-letrehozasa',
      },
    ],
  },
  {
    key: 'kepernyok',
    name: 'Képernyők és slideshowk',
    description: 'Képek a bolt tévéjén vagy kijelzőjén.',
    items: [
      {
        key: 'kepek-a-teven',
        name: 'Hogyan jelenítek meg képeket a bolt tévéjén?',
        description:
          'Először a Keverőpult Slideshowk fülén készítsen egy slideshow-t: adjon neki nevet, töltse fel a képeket, és állítsa be, melyik hány másodpercig látszik.\n\nEzután a Képernyők fülön vegyen fel egy képernyőt, válassza ki az alapértelmezett slideshow-t, és a tévé böngészőjében nyissa meg a képernyő nyilvános linkjét.',
        tutorial: 'slideshow-es-kepernyo',
      },
      {
        key: 'bejelentkezes-teven',
        name: 'Be kell jelentkeznem a tévén?',
        description:
          'Nem. A képernyő nyilvános linkje bejelentkezés nélkül működik, így a tévén nem kell jelszót megadnia. A linket a Képernyők fülön a másolás gombbal veheti ki.\n\nHa egy képernyőt töröl, a linkje megszűnik; a rajta nyitva lévő oldal ezt ki is írja.',
        tutorial: 'slideshow-es-kepernyo',
      },
      {
        key: 'utemezett-slideshow',
        name: 'Mi történik, ha egy ütemezés slideshow-t küld a képernyőre?',
        description:
          'Az ütemezésben kiválasztott slideshow a megadott képernyőkön egyszer lefut, utána a képernyő visszaáll a saját alapértelmezett slideshow-jára. A képernyők kiválasztása az űrlapon akkor jelenik meg, ha legalább egy slideshow-t kijelölt.',
        tutorial: 'utemezes-letrehozasa',
      },
      {
        key: 'milyen-kepek',
        name: 'Milyen képeket tölthetek fel?',
        description:
          'JPEG, JPG vagy PNG képeket, egyszerre legfeljebb 10-et. Minden képnél megadhatja, hány másodpercig látszik (legalább 1 másodperc), és a képeket áthúzással sorba rendezheti. Fekvő, a tévé arányához illő képek mutatnak a legjobban.',
        tutorial: 'slideshow-es-kepernyo',
      },
    ],
  },
  {
    key: 'fiok',
    name: 'Fiók és belépés',
    description: 'Bejelentkezés, jelszó, több eszköz és a bolt logója.',
    items: [
      {
        key: 'elfelejtett-jelszo',
        name: 'Elfelejtettem a jelszavam. Mit tegyek?',
        description:
          'A bejelentkezési oldalon kattintson az „Elfelejtett jelszó?” linkre, és adja meg a fiókja e-mail címét. Küldünk egy linket, amellyel új jelszót állíthat be (legalább 8 karakter).\n\nA link 60 percig érvényes, és csak egyszer használható. Az új jelszó beállítása után minden eszközön újra be kell jelentkezni.',
      },
      {
        key: 'tobb-eszkoz',
        name: 'Bejelentkezhetek egyszerre több eszközön?',
        description:
          'Igen. A bolt minden eszköze ugyanazt a lejátszót látja és vezérli, valós időben. A zene viszont egyszerre csak egy eszközön szól, a többi távirányító.',
        tutorial: 'zene-atvitele',
      },
      {
        key: 'kijelentkezes',
        name: 'Hogyan jelentkezhetek ki?',
        description:
          'Kattintson a fejlécben a bolt nevére vagy logójára, és válassza a „Kijelentkezés” lehetőséget. Ha az „Emlékezz rám” nélkül jelentkezett be, a rendszer egy idő után magától is kijelentkezteti.',
      },
      {
        key: 'logo',
        name: 'Hogyan cserélhetem le a bolt logóját?',
        description:
          'A Beállítások oldalon a Logó sorában töltsön fel egy JPEG, JPG vagy PNG képet. Az új logó a fejlécben jelenik meg a bolt neve mellett.',
      },
    ],
  },
];
