// The four footer pages (imprint, data protection, contact, help) in de, fr and en.
// Plain strings only: no HTML, no markdown. Swiss spelling ("ss"), dates dd.mm.yyyy.
// Operator data is fictitious (example domain, placeholder UID and phone number).

export type PageSection = { heading: string; paragraphs: string[] }
export type Page = { title: string; intro: string; sections: PageSection[] }
export type PageKey = 'imprint' | 'privacy' | 'contact' | 'help'

const de: Record<PageKey, Page> = {
  imprint: {
    title: 'Impressum',
    intro:
      'Angaben zur Betreiberin der Webanwendung Vorsorge RM für Risikomanagement (RM), internes Kontrollsystem (IKS) und Datenschutz (DSG) von Vorsorgeeinrichtungen.',
    sections: [
      {
        heading: 'Betreiberin',
        paragraphs: [
          'Vorsorge RM AG, Bahnhofstrasse 10, 8001 Zürich, Schweiz',
          'Aktiengesellschaft nach schweizerischem Recht mit Sitz in Zürich, eingetragen im Handelsregister des Kantons Zürich. Vertreten durch die Geschäftsleitung.',
          'Unternehmens-Identifikationsnummer (UID): CHE-123.456.789',
        ],
      },
      {
        heading: 'Kontakt',
        paragraphs: [
          'E-Mail: support@vorsorge-rm.example',
          'Telefon: +41 44 000 00 00',
          'Erreichbarkeit und Hinweise für Anfragen finden Sie auf der Seite «Kontakt».',
        ],
      },
      {
        heading: 'Zweck der Anwendung',
        paragraphs: [
          'Vorsorge RM unterstützt Vorsorgeeinrichtungen dabei, ihr Risikoinventar, ihr Prozessinventar mit den Kontrollen des IKS, ihre Massnahmen und ihre Dokumente aktuell und nachvollziehbar zu führen.',
          'Die Kataloge, Vorlagen und Texte der Anwendung sind Arbeitshilfen. Sie sind keine Rechts-, Anlage- oder Versicherungsberatung. Die Verantwortung für die Beurteilung der Risiken und für ein angemessenes IKS liegt beim Stiftungsrat und bei der Geschäftsführung der jeweiligen Vorsorgeeinrichtung.',
        ],
      },
      {
        heading: 'Haftung',
        paragraphs: [
          'Wir erstellen die Inhalte dieser Anwendung mit Sorgfalt, übernehmen aber keine Gewähr für ihre Richtigkeit, Vollständigkeit und Aktualität, namentlich nicht für Änderungen der Rechtslage nach dem Zeitpunkt ihrer Erstellung. Für die Nutzung durch Kundinnen und Kunden gelten vorrangig die vertraglichen Vereinbarungen mit der Vorsorge RM AG.',
          'Verweise auf Websites Dritter, etwa in Dokumenteinträgen, liegen ausserhalb unseres Verantwortungsbereichs. Für deren Inhalte sind ausschliesslich die jeweiligen Anbieter verantwortlich.',
        ],
      },
      {
        heading: 'Urheberrecht',
        paragraphs: [
          'Software, Gestaltung, Kataloge und Texte von Vorsorge RM sind urheberrechtlich geschützt und gehören der Vorsorge RM AG. Jede Verwendung ausserhalb der vereinbarten Nutzung bedarf unserer vorgängigen schriftlichen Zustimmung.',
          'Die Daten, die eine Vorsorgeeinrichtung in der Anwendung erfasst, gehören der Vorsorgeeinrichtung.',
        ],
      },
      {
        heading: 'Datenschutz',
        paragraphs: ['Wie wir mit Personendaten umgehen, erklärt die Seite «Datenschutz».'],
      },
    ],
  },

  privacy: {
    title: 'Datenschutzerklärung',
    intro:
      'Mit dieser Erklärung informieren wir Sie nach Art. 19 des Bundesgesetzes über den Datenschutz (DSG) darüber, welche Personendaten die Webanwendung Vorsorge RM bearbeitet, wozu, wo und wie lange, und welche Rechte Sie haben. Stand: 22.11.2026.',
    sections: [
      {
        heading: 'Verantwortlicher und Kontakt',
        paragraphs: [
          'Für die Bearbeitung der Personendaten, die für den Betrieb der Anwendung nötig sind (Benutzerkonten, Anmeldung, Sicherheit, E-Mails), ist die Vorsorge RM AG, Bahnhofstrasse 10, 8001 Zürich, Schweiz, verantwortlich.',
          'Die Inhalte, die eine Vorsorgeeinrichtung in der Anwendung erfasst (zum Beispiel Risiken, Prozesse, Massnahmen und Dokumente), bearbeiten wir in ihrem Auftrag und nach ihren Weisungen. Für diese Inhalte ist die jeweilige Vorsorgeeinrichtung verantwortlich; Anfragen dazu richten Sie am besten direkt an sie. Erreicht uns eine solche Anfrage, leiten wir sie weiter.',
          'Datenschutzanfragen an uns: support@vorsorge-rm.example (Betreff «Datenschutz»), Telefon +41 44 000 00 00, oder per Post an die obige Adresse.',
        ],
      },
      {
        heading: 'Welche Personendaten wir bearbeiten',
        paragraphs: [
          'Kontodaten: Vorname, Name, E-Mail-Adresse, Telefon, Adresse, Funktion und Position, Sprache, Bemerkungen, die Vorsorgeeinrichtungen, für die Sie arbeiten, Ihre Rechte je Werkzeug (RM, IKS), Ihre Stellvertretungen und die Einstellung für Erinnerungen. Ihr Passwort speichern wir nie im Klartext, sondern nur als Hash (Argon2id).',
          'Audit-Einträge: Bei jeder Änderung halten wir fest, wann sie erfolgte, in welchem Bereich, welche Aktion es war (erstellt, geändert, gelöscht), welche Felder sich mit welchem alten und neuen Wert geändert haben, wer gehandelt hat und gegebenenfalls in wessen Vertretung.',
          'Sitzungs- und Sicherheitsdaten: angemeldete Sitzungen (gespeichert wird nur ein Hash des Sitzungsschlüssels und der Zeitpunkt der letzten Nutzung), Links zum Zurücksetzen des Passworts (ebenfalls nur als Hash, mit Ablaufzeit) und fehlgeschlagene Anmeldeversuche (Kennung und Zeitpunkt). Zudem protokolliert der Server technische Zugriffsdaten wie IP-Adresse, Zeitpunkt, aufgerufene Adresse und Browsertyp.',
          'E-Mails: Für Willkommensnachrichten, das Zurücksetzen des Passworts, Stellvertretungen und Erinnerungen an Massnahmen verwenden wir Ihre E-Mail-Adresse, Ihren Namen und die Angaben, die in der jeweiligen Nachricht stehen.',
          'Inhalte: Was Sie in Freitextfeldern erfassen, kann Personendaten enthalten, etwa Namen von verantwortlichen Personen. Vorsorge RM dient der Dokumentation von Risiken, Kontrollen und Massnahmen. Bitte erfassen Sie darin keine Daten von Versicherten und keine besonders schützenswerten Personendaten wie Gesundheitsdaten.',
        ],
      },
      {
        heading: 'Cookies und lokaler Speicher',
        paragraphs: [
          '«__session» ist unbedingt erforderlich: Das Cookie enthält nur einen zufälligen Schlüssel, der Sie nach der Anmeldung wiedererkennt. Es ist für Skripte nicht lesbar (HttpOnly) und wird vom Browser spätestens beim Beenden gelöscht. Auf dem Server endet die Sitzung beim Abmelden oder nach 120 Minuten ohne Aktivität. Ohne dieses Cookie ist keine Anmeldung möglich.',
          '«__toast» ist ebenfalls technisch nötig: Es trägt eine kurze Bestätigung wie «Daten wurden gespeichert» über die Weiterleitung nach dem Speichern und wird gleich nach der Anzeige gelöscht. Es enthält keine Personendaten.',
          '«lng» speichert die gewählte Sprache (de, fr oder en) für ein Jahr, damit die Anwendung Sie beim nächsten Besuch in Ihrer Sprache begrüsst. Derselbe Wert liegt unter dem Schlüssel «lng» im lokalen Speicher (Local Storage) Ihres Browsers; dieser Eintrag bleibt auf Ihrem Gerät, bis Sie ihn löschen, und wird nicht an uns übermittelt.',
          'Wir setzen keine Analyse-, Werbe- oder Tracking-Cookies ein und binden keine Tracking-Dienste Dritter ein. Sie können Cookies und lokalen Speicher jederzeit in Ihrem Browser löschen.',
        ],
      },
      {
        heading: 'Zwecke',
        paragraphs: [
          'Wir bearbeiten Personendaten, um Ihnen die Anwendung bereitzustellen, Sie sicher anzumelden, Ihre Rechte je Vorsorgeeinrichtung und Ihre Stellvertretungen zu verwalten und Ihnen die nötigen E-Mails zu senden. Erinnerungen an Massnahmen können Sie in Ihrem Profil jederzeit ausschalten.',
          'Die Audit-Einträge machen Änderungen nachvollziehbar. Das ist Teil eines wirksamen IKS und erlaubt Ihrer Vorsorgeeinrichtung, ihrer Revisionsstelle und der Aufsicht zu zeigen, wer was wann geändert hat.',
          'Sicherheits- und Zugriffsdaten nutzen wir, um Missbrauch wie das Erraten von Passwörtern abzuwehren, Fehler zu beheben und Ihre Anfragen an den Support zu beantworten.',
          'Wir verwenden Ihre Daten nicht für Werbung, erstellen keine Profile und verkaufen keine Daten.',
        ],
      },
      {
        heading: 'Hosting in der Schweiz und Empfänger',
        paragraphs: [
          'Anwendung, Datenbank, Sicherungskopien und E-Mail-Versand werden in Rechenzentren in der Schweiz betrieben. Wir geben keine Personendaten ins Ausland bekannt.',
          'Zugriff auf Ihre Kontodaten haben die Administratorinnen und Administratoren Ihrer Vorsorgeeinrichtung sowie, soweit für Betrieb und Support nötig, die zur Verschwiegenheit verpflichteten Mitarbeitenden der Vorsorge RM AG. Unser Hosting-Anbieter bearbeitet Daten ausschliesslich in unserem Auftrag und ist vertraglich an Datenschutz und Datensicherheit gebunden.',
          'Behörden erhalten Daten nur, wenn wir gesetzlich dazu verpflichtet sind.',
        ],
      },
      {
        heading: 'Aufbewahrung',
        paragraphs: [
          'Kontodaten bewahren wir auf, solange Ihr Konto besteht. Wird es gelöscht, entfernen wir die Daten sofort aus der Datenbank und innert 30 Tagen aus den Sicherungskopien.',
          'Audit-Einträge gehören zur Dokumentation der Vorsorgeeinrichtung und bleiben erhalten, solange sie Vorsorge RM nutzt. Wird ein Konto gelöscht, wird in den Einträgen der Verweis auf diese Person entfernt. Nach Vertragsende geben wir die Daten der Vorsorgeeinrichtung auf Wunsch heraus und löschen sie innert 90 Tagen.',
          'Sitzungen enden beim Abmelden oder nach 120 Minuten ohne Aktivität. Links zum Zurücksetzen des Passworts gelten 30 Minuten und nur einmal. Fehlgeschlagene Anmeldeversuche löschen wir nach spätestens einem Tag, technische Zugriffsprotokolle nach 30 Tagen.',
        ],
      },
      {
        heading: 'Datensicherheit',
        paragraphs: [
          'Wir schützen die Daten mit technischen und organisatorischen Massnahmen: verschlüsselte Übertragung (HTTPS), Passwörter und Schlüssel nur als Hash, Rechte je Vorsorgeeinrichtung und Werkzeug, strikte Trennung der Daten der Kundinnen und Kunden, Audit-Einträge und regelmässige Sicherungskopien.',
          'Führt eine Verletzung der Datensicherheit voraussichtlich zu einem hohen Risiko für Ihre Persönlichkeit oder Ihre Grundrechte, melden wir sie so rasch als möglich dem Eidgenössischen Datenschutz- und Öffentlichkeitsbeauftragten (EDÖB) und informieren Sie, wenn es zu Ihrem Schutz nötig ist (Art. 24 DSG). Betroffene Vorsorgeeinrichtungen informieren wir umgehend.',
        ],
      },
      {
        heading: 'Ihre Rechte',
        paragraphs: [
          'Sie können Auskunft darüber verlangen, ob und welche Personendaten wir über Sie bearbeiten (Art. 25 DSG). Die Auskunft ist in der Regel kostenlos und erfolgt innert 30 Tagen. Unrichtige Daten berichtigen wir (Art. 32 DSG); viele Angaben können Sie in Ihrem Profil selbst anpassen. Sie können zudem verlangen, dass wir Daten löschen oder eine bestimmte Bearbeitung unterlassen, soweit keine gesetzlichen Aufbewahrungspflichten oder überwiegenden Interessen entgegenstehen (Art. 32 DSG), und Ihre Daten in einem gängigen elektronischen Format erhalten.',
          'Richten Sie Ihr Begehren an support@vorsorge-rm.example oder per Post an die Vorsorge RM AG. Damit keine Unbefugten Auskunft erhalten, können wir Sie bitten, Ihre Identität nachzuweisen.',
          'Sie können sich auch an die Aufsichtsbehörde wenden: Eidgenössischer Datenschutz- und Öffentlichkeitsbeauftragter (EDÖB), Feldeggweg 1, 3003 Bern, www.edoeb.admin.ch.',
          'Wir passen diese Erklärung an, wenn sich die Anwendung oder die Rechtslage ändert. Es gilt die hier veröffentlichte Fassung.',
        ],
      },
    ],
  },

  contact: {
    title: 'Kontakt',
    intro: 'Haben Sie eine Frage zu Vorsorge RM oder klappt etwas nicht wie erwartet? Wir helfen Ihnen gerne, auf Deutsch, Französisch oder Englisch.',
    sections: [
      {
        heading: 'Support',
        paragraphs: [
          'E-Mail: support@vorsorge-rm.example',
          'Telefon: +41 44 000 00 00, Montag bis Freitag 08.00–12.00 und 13.30–17.00 Uhr, ausgenommen Feiertage im Kanton Zürich.',
          'E-Mails beantworten wir in der Regel innert eines Arbeitstages.',
        ],
      },
      {
        heading: 'Damit wir rasch helfen können',
        paragraphs: [
          'Nennen Sie uns die Vorsorgeeinrichtung, für die Sie arbeiten, die Seite, auf der Sie waren, was Sie tun wollten und welche Meldung erschien, mit Datum und Uhrzeit. Ein Bildschirmfoto hilft oft.',
          'Senden Sie uns nie Ihr Passwort und keine Daten von Versicherten. Wir fragen Sie nie nach Ihrem Passwort, weder per E-Mail noch am Telefon.',
        ],
      },
      {
        heading: 'Konten und Rechte',
        paragraphs: [
          'Neue Konten, Rechte, Stellvertretungen und das Deaktivieren von Konten verwaltet die Administration Ihrer Vorsorgeeinrichtung. Wenden Sie sich dafür zuerst an sie.',
          'Haben Sie Ihr Passwort vergessen, setzen Sie es auf der Anmeldeseite selbst zurück. Die Seite «Hilfe» erklärt, wie.',
        ],
      },
      {
        heading: 'Datenschutz',
        paragraphs: [
          'Fragen zu Ihren Personendaten und Auskunftsbegehren senden Sie an support@vorsorge-rm.example mit dem Betreff «Datenschutz». Einzelheiten stehen in der Datenschutzerklärung.',
        ],
      },
      {
        heading: 'Sicherheitsvorfälle',
        paragraphs: [
          'Vermuten Sie, dass jemand unbefugt auf Ihr Konto zugreift, oder haben Sie eine verdächtige E-Mail im Namen von Vorsorge RM erhalten? Rufen Sie uns bitte sofort an und ändern Sie Ihr Passwort. Ausserhalb der Bürozeiten schreiben Sie an support@vorsorge-rm.example mit dem Betreff «Sicherheit».',
        ],
      },
      {
        heading: 'Postadresse',
        paragraphs: ['Vorsorge RM AG, Bahnhofstrasse 10, 8001 Zürich, Schweiz'],
      },
    ],
  },

  help: {
    title: 'Hilfe',
    intro: 'Eine kurze Anleitung für die tägliche Arbeit mit Vorsorge RM, vom Anmelden bis zum Export Ihrer Massnahmen.',
    sections: [
      {
        heading: 'Anmelden und Passwort',
        paragraphs: [
          'Sie melden sich auf der Startseite mit Ihrer E-Mail-Adresse und Ihrem Passwort an. Ihr Konto eröffnet die Administration Ihrer Vorsorgeeinrichtung; Sie erhalten dann eine E-Mail mit einem Link, über den Sie Ihr Passwort selbst festlegen.',
          'Passwort vergessen? Wählen Sie auf der Anmeldeseite den Link zum Zurücksetzen des Passworts und geben Sie Ihre E-Mail-Adresse ein. Sie erhalten einen Link, der 30 Minuten und nur einmal gültig ist. Das neue Passwort muss mindestens 8 Zeichen lang sein. Danach werden alle bestehenden Sitzungen beendet, und Sie melden sich mit dem neuen Passwort an.',
          'Ihr Passwort ändern Sie im Benutzermenü unter «Passwort ändern». Sitzungen auf anderen Geräten werden dabei beendet.',
          'Nach 120 Minuten ohne Aktivität werden Sie automatisch abgemeldet. Nach zehn Fehlversuchen innert 15 Minuten ist die Anmeldung vorübergehend gesperrt. Melden Sie sich an gemeinsam genutzten Geräten immer über das Benutzermenü ab.',
        ],
      },
      {
        heading: 'Kunde, Sprache und Stellvertretung',
        paragraphs: [
          'Arbeiten Sie für eine einzige Vorsorgeeinrichtung, wird sie nach der Anmeldung direkt geladen. Arbeiten Sie für mehrere, wählen Sie in der Kundenübersicht (Benutzermenü, «Kunde wählen») diejenige aus, für die Sie arbeiten möchten. Ihre Rechte gelten je Vorsorgeeinrichtung und je Werkzeug (RM, IKS): lesen, schreiben oder administrieren. Die Rolle «Datenschutz» sieht nur, was den Datenschutz betrifft: Sie bearbeitet den Datenschutz-Block der DSG-relevanten Risiken und IKS-Prozesse und bearbeitet und bestätigt DSG-Massnahmen, sonst nichts.',
          'Die Oberfläche gibt es auf Deutsch (Standard), Französisch und Englisch. Ihre Wahl bleibt in Ihrem Browser gespeichert. E-Mails erhalten Sie in der Sprache, die in Ihrem Profil hinterlegt ist.',
          'Unter «Stellvertretung» im Benutzermenü bestimmen Sie Kolleginnen und Kollegen derselben Vorsorgeeinrichtung als Stellvertretung und aktivieren oder deaktivieren sie. Eine aktive Stellvertretung findet Sie in ihrer Kundenübersicht und arbeitet dort mit Ihren Rechten in Ihrem Namen. Jede Änderung wird im Audit-Protokoll mit beiden Namen festgehalten. Die Stellvertretung wird per E-Mail informiert.',
        ],
      },
      {
        heading: 'Massnahmen',
        paragraphs: [
          'Massnahmen entstehen aus Risiken, IKS-Prozessen, dem Datenschutz oder direkt für die Vorsorgeeinrichtung. Jede hat eine verantwortliche Person und ein Fälligkeitsdatum. Die Seite «Massnahmen» zeigt sie in den Registern Vorsorgeeinrichtung, RM, IKS und DSG, jeweils unterteilt in «Anstehend» und «Bestätigt». Ein Filter trennt überfällige von anstehenden Massnahmen. Ihre eigenen Massnahmen sehen Sie auch auf dem Dashboard.',
          'Eine Massnahme ist einmalig (0 Tage) oder wiederkehrend: wöchentlich (7 Tage), monatlich (30), vierteljährlich (91), halbjährlich (182) oder jährlich (365).',
          'Ist eine Massnahme erledigt, bestätigen Sie sie mit einem kurzen Bestätigungstext (mit dem Recht «Schreiben» oder «Admin» auf ihrem Werkzeug, bei DSG-Massnahmen auch mit der Rolle «Datenschutz»). Die Anwendung hält fest, wer wann bestätigt hat, und verschiebt die Massnahme zu den bestätigten. Bei einer wiederkehrenden Massnahme wird die nächste Ausführung um das gewählte Intervall später fällig.',
          'Sind Erinnerungen eingeschaltet, erhalten Sie täglich eine E-Mail mit Ihren überfälligen Massnahmen und jenen, die in den nächsten 14 Tagen fällig werden. Im Profil können Sie die Erinnerungen ausschalten.',
        ],
      },
      {
        heading: 'Risikoinventar und Risikokarte',
        paragraphs: [
          'Das Risikoinventar listet die Risiken Ihrer Vorsorgeeinrichtung, nach Risikothemen geordnet und filterbar. Neue Risiken übernehmen Sie aus dem Risikokatalog oder erfassen sie individuell; individuelle Risiken tragen die Endung _P in ihrer Nummer.',
          'Ein Risiko bearbeiten Sie Schritt für Schritt: Einleitung, Analyse, Bewertung, Steuerung, Datenschutz, Überwachung und Dokumente, mit «Weiter» und «Zurück». Es lässt sich jeweils nur ein Block gleichzeitig bearbeiten; speichern Sie ihn, bevor Sie den nächsten öffnen.',
          'Die Risikokarte stellt jedes Risiko nach Eintrittswahrscheinlichkeit und Schadensausmass dar: Je weiter oben rechts, desto dringender. Die Stufen der Eintrittswahrscheinlichkeit und des Schadensausmasses in den Tabellen unter der Karte passen die Admins des Risikomanagements an Ihre Vorsorgeeinrichtung an; alle anderen sehen sie nur.',
        ],
      },
      {
        heading: 'IKS: Prozessinventar und Qualitätsindex',
        paragraphs: [
          'Das Prozessinventar gliedert die Prozesse in Haupt- und Teilprozesse. Zu jedem Prozess erfassen Sie Kontrollziel und Kontrollaktivität, beurteilen Wirksamkeit, Nachvollziehbarkeit und Effizienz und verknüpfen die passenden Risiken. Prozesse übernehmen Sie aus dem IKS-Katalog oder erfassen sie individuell.',
          'Der Qualitätsindex stuft jeden Hauptprozess in einen Reifegrad ein: 1 unzuverlässig, 2 informell, 3 standardisiert, 4 überwacht, 5 optimiert. Stufe 4 ist das Idealziel. Angezeigt wird auch die Mindeststufe, die der Stiftungsrat festgelegt hat; liegt ein Prozess darunter, planen Sie Massnahmen.',
          'Die Kontrollmatrix zeigt für jede Aufgabe, wer entscheidet (E), wer beantragt (A) und wer mitwirkt (M). Qualitätsindex, Mindeststufe und Kontrollmatrix bearbeiten die Admins des IKS; alle anderen sehen sie nur.',
        ],
      },
      {
        heading: 'Dokumente und CSV-Export',
        paragraphs: [
          'Unter «Dokumente» führen Sie Reglemente, Berichte und Nachweise in den Registern Vorsorgeeinrichtung, RM, IKS, DSG und Arbeitsprozesse. Ein Eintrag verweist mit einem Link auf den Ablageort, etwa Ihre Dokumentenablage. Fehlt der Link, zeigt die Anwendung einen Hinweis.',
          'Auf der Seite «Massnahmen» exportieren Sie die aktuelle Ansicht oder das ganze Inventar als CSV-Datei. Sie ist in UTF-8 mit Semikolon als Trennzeichen gespeichert und öffnet sich per Doppelklick in Excel mit Schweizer Ländereinstellungen, Umlaute und Akzente inklusive. Daten erscheinen als TT.MM.JJJJ.',
          'Erscheint alles in einer Spalte oder sind Umlaute falsch, importieren Sie die Datei in Excel über «Daten», «Aus Text/CSV» mit Dateiursprung «65001: Unicode (UTF-8)» und Trennzeichen «Semikolon».',
        ],
      },
      {
        heading: 'Tastatur und Betrieb ohne JavaScript',
        paragraphs: [
          'Die ganze Anwendung lässt sich mit der Tastatur bedienen: Tab und Umschalt+Tab wechseln zwischen Elementen, die Eingabetaste öffnet Links und löst Schaltflächen aus, die Leertaste setzt Kontrollkästchen, die Pfeiltasten bewegen sich in Registern und Menüs, Esc schliesst Dialoge und Menüs. Schlagwörter (Tags) tippen Sie ein und bestätigen sie mit der Eingabetaste.',
          'Alles funktioniert auch ohne JavaScript, etwa in Browsern mit strengen Richtlinien. Die Seiten werden auf dem Server aufgebaut, Formulare werden normal abgeschickt, und nach dem Speichern lädt die Seite mit der Bestätigung neu. Filter wenden Sie dann mit der zugehörigen Schaltfläche an. Mit JavaScript geht manches einfach etwas flüssiger.',
          'Weitere Fragen? Die Seite «Kontakt» zeigt, wie Sie uns erreichen.',
        ],
      },
    ],
  },
}

const fr: Record<PageKey, Page> = {
  imprint: {
    title: 'Mentions légales',
    intro:
      'Informations sur l’exploitant de l’application web Vorsorge RM, dédiée à la gestion des risques (RM), au système de contrôle interne (SCI) et à la protection des données (LPD) des institutions de prévoyance.',
    sections: [
      {
        heading: 'Exploitant',
        paragraphs: [
          'Vorsorge RM AG, Bahnhofstrasse 10, 8001 Zurich, Suisse',
          'Société anonyme de droit suisse dont le siège est à Zurich, inscrite au registre du commerce du canton de Zurich. Représentée par sa direction.',
          'Numéro d’identification des entreprises (IDE) : CHE-123.456.789',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: [
          'E-mail : support@vorsorge-rm.example',
          'Téléphone : +41 44 000 00 00',
          'Nos heures d’ouverture et quelques conseils pour vos demandes figurent sur la page « Contact ».',
        ],
      },
      {
        heading: 'Objet de l’application',
        paragraphs: [
          'Vorsorge RM aide les institutions de prévoyance à tenir à jour, de manière traçable, leur inventaire des risques, leur inventaire des processus avec les contrôles du SCI, leurs mesures et leurs documents.',
          'Les catalogues, modèles et textes de l’application sont des outils de travail. Ils ne constituent ni un conseil juridique, ni un conseil en placement ou en assurance. L’évaluation des risques et la mise en place d’un SCI approprié restent de la responsabilité du conseil de fondation et de la direction de chaque institution de prévoyance.',
        ],
      },
      {
        heading: 'Responsabilité',
        paragraphs: [
          'Nous élaborons les contenus de cette application avec soin, sans pouvoir garantir qu’ils soient exacts, complets et à jour, notamment après une modification du droit. L’utilisation par nos clients est régie en priorité par les accords contractuels conclus avec Vorsorge RM AG.',
          'Les liens vers des sites de tiers, par exemple dans les documents, échappent à notre responsabilité. Leurs contenus relèvent exclusivement de leurs auteurs.',
        ],
      },
      {
        heading: 'Droits d’auteur',
        paragraphs: [
          'Le logiciel, la présentation, les catalogues et les textes de Vorsorge RM sont protégés par le droit d’auteur et appartiennent à Vorsorge RM AG. Toute utilisation allant au-delà de l’usage convenu requiert notre accord écrit préalable.',
          'Les données qu’une institution de prévoyance saisit dans l’application lui appartiennent.',
        ],
      },
      {
        heading: 'Protection des données',
        paragraphs: ['La page « Protection des données » explique comment nous traitons les données personnelles.'],
      },
    ],
  },

  privacy: {
    title: 'Déclaration de protection des données',
    intro:
      'Conformément à l’art. 19 de la loi fédérale sur la protection des données (LPD), nous vous informons ici des données personnelles que traite l’application web Vorsorge RM, dans quel but, où et pendant combien de temps, ainsi que de vos droits. État au 22.11.2026.',
    sections: [
      {
        heading: 'Responsable du traitement et contact',
        paragraphs: [
          'Vorsorge RM AG, Bahnhofstrasse 10, 8001 Zurich, Suisse, est responsable des traitements nécessaires au fonctionnement de l’application : comptes d’utilisateur, connexion, sécurité et e-mails.',
          'Les contenus qu’une institution de prévoyance saisit dans l’application (risques, processus, mesures, documents, par exemple) sont traités sur son mandat et selon ses instructions. C’est l’institution de prévoyance qui en est responsable ; adressez-lui de préférence vos demandes à ce sujet. Si une telle demande nous parvient, nous la lui transmettons.',
          'Pour toute question relative à la protection des données : support@vorsorge-rm.example (objet « Protection des données »), téléphone +41 44 000 00 00, ou par courrier à l’adresse ci-dessus.',
        ],
      },
      {
        heading: 'Données traitées',
        paragraphs: [
          'Données de compte : prénom, nom, adresse e-mail, téléphone, adresse, fonction et position, langue, remarques, institutions de prévoyance pour lesquelles vous travaillez, droits par outil (RM, SCI), suppléances et réglage des rappels. Votre mot de passe n’est jamais enregistré en clair, mais uniquement sous forme de hachage (Argon2id).',
          'Journal d’audit : chaque modification est consignée avec sa date et son heure, le domaine concerné, l’action (création, modification, suppression), les champs modifiés avec l’ancienne et la nouvelle valeur, la personne qui a agi et, le cas échéant, la personne qu’elle remplaçait.',
          'Données de session et de sécurité : sessions ouvertes (seuls un hachage de la clé de session et l’heure de la dernière utilisation sont conservés), liens de réinitialisation du mot de passe (également sous forme de hachage, avec une date d’expiration) et tentatives de connexion échouées (identifiant et heure). Le serveur journalise en outre des données techniques d’accès : adresse IP, date et heure, adresse consultée et type de navigateur.',
          'E-mails : pour les messages de bienvenue, la réinitialisation du mot de passe, les suppléances et les rappels de mesures, nous utilisons votre adresse e-mail, votre nom et les indications figurant dans le message.',
          'Contenus : les champs de texte libre peuvent contenir des données personnelles, par exemple le nom de personnes responsables. Vorsorge RM sert à documenter des risques, des contrôles et des mesures : n’y saisissez ni données d’assurés, ni données personnelles sensibles telles que des données sur la santé.',
        ],
      },
      {
        heading: 'Cookies et stockage local',
        paragraphs: [
          '« __session » est strictement nécessaire : ce cookie ne contient qu’une clé aléatoire qui vous identifie après la connexion. Les scripts ne peuvent pas le lire (HttpOnly) et le navigateur l’efface au plus tard à sa fermeture. Côté serveur, la session prend fin lorsque vous vous déconnectez ou après 120 minutes d’inactivité. Sans ce cookie, il est impossible de se connecter.',
          '« __toast » est lui aussi indispensable au fonctionnement : il transmet une brève confirmation, comme « Les données ont été enregistrées », lors de la redirection qui suit un enregistrement, puis il est effacé dès son affichage. Il ne contient aucune donnée personnelle.',
          '« lng » mémorise pendant un an la langue choisie (de, fr ou en), afin que l’application s’affiche dans votre langue lors de votre prochaine visite. La même valeur est enregistrée sous la clé « lng » dans le stockage local (Local Storage) de votre navigateur ; elle reste sur votre appareil jusqu’à ce que vous l’effaciez et ne nous est pas transmise.',
          'Nous n’utilisons aucun cookie d’analyse, de publicité ou de suivi et n’intégrons aucun service de suivi de tiers. Vous pouvez effacer à tout moment les cookies et le stockage local dans votre navigateur.',
        ],
      },
      {
        heading: 'Finalités',
        paragraphs: [
          'Nous traitons des données personnelles pour mettre l’application à votre disposition, vous connecter en toute sécurité, gérer vos droits par institution de prévoyance ainsi que vos suppléances, et vous envoyer les e-mails nécessaires. Vous pouvez désactiver à tout moment les rappels de mesures dans votre profil.',
          'Le journal d’audit assure la traçabilité des modifications. Il fait partie d’un SCI efficace et permet à votre institution de prévoyance de montrer à son organe de révision et à l’autorité de surveillance qui a modifié quoi, et quand.',
          'Les données de sécurité et d’accès nous servent à prévenir les abus, comme les tentatives de deviner un mot de passe, à corriger les erreurs et à répondre à vos demandes de support.',
          'Nous n’utilisons pas vos données à des fins publicitaires, n’établissons pas de profils et ne vendons aucune donnée.',
        ],
      },
      {
        heading: 'Hébergement en Suisse et destinataires',
        paragraphs: [
          'L’application, la base de données, les sauvegardes et l’envoi des e-mails sont exploités dans des centres de calcul situés en Suisse. Nous ne communiquons aucune donnée personnelle à l’étranger.',
          'Ont accès à vos données de compte les administratrices et administrateurs de votre institution de prévoyance et, dans la mesure nécessaire à l’exploitation et au support, les collaboratrices et collaborateurs de Vorsorge RM AG, tenus au secret. Notre hébergeur traite les données exclusivement sur notre mandat et il est lié contractuellement en matière de protection et de sécurité des données.',
          'Nous ne communiquons des données aux autorités que si la loi nous y oblige.',
        ],
      },
      {
        heading: 'Durée de conservation',
        paragraphs: [
          'Nous conservons les données de compte tant que votre compte existe. S’il est supprimé, les données sont immédiatement effacées de la base de données et, dans les 30 jours, des sauvegardes.',
          'Le journal d’audit fait partie de la documentation de l’institution de prévoyance et est conservé tant qu’elle utilise Vorsorge RM. Lorsqu’un compte est supprimé, le lien vers la personne est retiré des entrées du journal. À la fin du contrat, nous remettons sur demande ses données à l’institution de prévoyance et les effaçons dans les 90 jours.',
          'Les sessions prennent fin à la déconnexion ou après 120 minutes d’inactivité. Les liens de réinitialisation du mot de passe sont valables 30 minutes et une seule fois. Les tentatives de connexion échouées sont effacées au plus tard après un jour, les journaux techniques d’accès après 30 jours.',
        ],
      },
      {
        heading: 'Sécurité des données',
        paragraphs: [
          'Nous protégeons les données par des mesures techniques et organisationnelles : transmission chiffrée (HTTPS), mots de passe et clés enregistrés uniquement sous forme de hachage, droits par institution de prévoyance et par outil, séparation stricte des données de chaque client, journal d’audit et sauvegardes régulières.',
          'Si une violation de la sécurité des données entraîne vraisemblablement un risque élevé pour votre personnalité ou vos droits fondamentaux, nous l’annonçons dans les meilleurs délais au Préposé fédéral à la protection des données et à la transparence (PFPDT) et nous vous en informons lorsque votre protection l’exige (art. 24 LPD). Nous informons sans délai les institutions de prévoyance concernées.',
        ],
      },
      {
        heading: 'Vos droits',
        paragraphs: [
          'Vous pouvez demander si nous traitons des données personnelles vous concernant et lesquelles (droit d’accès, art. 25 LPD). Les renseignements sont en principe gratuits et fournis dans les 30 jours. Nous rectifions les données inexactes (art. 32 LPD) ; vous pouvez d’ailleurs modifier vous-même de nombreuses indications dans votre profil. Vous pouvez aussi exiger que nous effacions des données ou renoncions à un traitement déterminé, pour autant qu’aucune obligation légale de conservation ni aucun intérêt prépondérant ne s’y oppose (art. 32 LPD), et obtenir vos données dans un format électronique courant.',
          'Adressez votre demande à support@vorsorge-rm.example ou par courrier à Vorsorge RM AG. Afin d’éviter que des tiers non autorisés obtiennent des renseignements, nous pouvons vous demander de justifier de votre identité.',
          'Vous pouvez également vous adresser à l’autorité de surveillance : Préposé fédéral à la protection des données et à la transparence (PFPDT), Feldeggweg 1, 3003 Berne, www.edoeb.admin.ch.',
          'Nous adaptons cette déclaration lorsque l’application ou le droit évolue. La version publiée ici fait foi.',
        ],
      },
    ],
  },

  contact: {
    title: 'Contact',
    intro:
      'Une question sur Vorsorge RM, ou quelque chose ne fonctionne pas comme prévu ? Nous vous aidons volontiers, en français, en allemand ou en anglais.',
    sections: [
      {
        heading: 'Support',
        paragraphs: [
          'E-mail : support@vorsorge-rm.example',
          'Téléphone : +41 44 000 00 00, du lundi au vendredi de 8 h à 12 h et de 13 h 30 à 17 h, sauf les jours fériés du canton de Zurich.',
          'Nous répondons en principe aux e-mails dans un délai d’un jour ouvrable.',
        ],
      },
      {
        heading: 'Pour une aide rapide',
        paragraphs: [
          'Indiquez-nous l’institution de prévoyance pour laquelle vous travaillez, la page sur laquelle vous vous trouviez, ce que vous souhaitiez faire et le message affiché, avec la date et l’heure. Une capture d’écran est souvent utile.',
          'Ne nous envoyez jamais votre mot de passe ni de données d’assurés. Nous ne vous demanderons jamais votre mot de passe, ni par e-mail ni par téléphone.',
        ],
      },
      {
        heading: 'Comptes et droits',
        paragraphs: [
          'Les nouveaux comptes, les droits, les suppléances et la désactivation des comptes sont gérés par l’administration de votre institution de prévoyance. Adressez-vous d’abord à elle.',
          'Vous avez oublié votre mot de passe ? Réinitialisez-le vous-même depuis la page de connexion ; la page « Aide » explique la marche à suivre.',
        ],
      },
      {
        heading: 'Protection des données',
        paragraphs: [
          'Envoyez vos questions sur vos données personnelles et vos demandes d’accès à support@vorsorge-rm.example, avec l’objet « Protection des données ». Vous trouverez les détails dans la déclaration de protection des données.',
        ],
      },
      {
        heading: 'Incidents de sécurité',
        paragraphs: [
          'Vous soupçonnez un accès non autorisé à votre compte ou vous avez reçu un e-mail suspect au nom de Vorsorge RM ? Appelez-nous immédiatement et changez votre mot de passe. En dehors des heures de bureau, écrivez à support@vorsorge-rm.example avec l’objet « Sécurité ».',
        ],
      },
      {
        heading: 'Adresse postale',
        paragraphs: ['Vorsorge RM AG, Bahnhofstrasse 10, 8001 Zurich, Suisse'],
      },
    ],
  },

  help: {
    title: 'Aide',
    intro: 'Un petit guide pour le travail quotidien avec Vorsorge RM, de la connexion à l’exportation de vos mesures.',
    sections: [
      {
        heading: 'Connexion et mot de passe',
        paragraphs: [
          'Connectez-vous sur la page d’accueil avec votre adresse e-mail et votre mot de passe. C’est l’administration de votre institution de prévoyance qui ouvre votre compte ; vous recevez alors un e-mail contenant un lien pour définir vous-même votre mot de passe.',
          'Mot de passe oublié ? Sur la page de connexion, suivez le lien de réinitialisation du mot de passe et saisissez votre adresse e-mail. Vous recevrez un lien valable 30 minutes et utilisable une seule fois. Le nouveau mot de passe doit comporter au moins 8 caractères. Toutes les sessions ouvertes sont ensuite fermées et vous vous reconnectez avec le nouveau mot de passe.',
          'Pour changer votre mot de passe, ouvrez le menu utilisateur et choisissez « Changer le mot de passe ». Les sessions ouvertes sur d’autres appareils sont alors fermées.',
          'Après 120 minutes d’inactivité, vous êtes automatiquement déconnecté. Après dix tentatives échouées en 15 minutes, la connexion est temporairement bloquée. Sur un appareil partagé, déconnectez-vous toujours par le menu utilisateur.',
        ],
      },
      {
        heading: 'Client, langue et suppléance',
        paragraphs: [
          'Si vous travaillez pour une seule institution de prévoyance, elle est chargée directement après la connexion. Si vous travaillez pour plusieurs, choisissez celle qui vous intéresse dans l’aperçu des clients (menu utilisateur, « Choisir le client »). Vos droits s’appliquent par institution de prévoyance et par outil (RM, SCI) : lecture, écriture ou administration. Le rôle « Protection des données » ne voit que ce qui touche à la protection des données : il modifie le bloc protection des données des risques et des processus SCI concernés, et modifie et confirme les mesures LPD, rien d’autre.',
          'L’interface est disponible en allemand (langue par défaut), en français et en anglais. Votre choix reste enregistré dans votre navigateur. Les e-mails vous parviennent dans la langue indiquée dans votre profil.',
          'Sous « Suppléances », dans le menu utilisateur, vous confiez votre suppléance à des collègues de la même institution de prévoyance, puis vous l’activez ou la désactivez. Tant que la suppléance est active, la personne désignée vous trouve dans son aperçu des clients et peut y travailler en votre nom, avec vos droits. Chaque modification est consignée dans le journal d’audit avec vos deux noms. La personne désignée en est informée par e-mail.',
        ],
      },
      {
        heading: 'Mesures',
        paragraphs: [
          'Les mesures découlent des risques, des processus du SCI, de la protection des données ou concernent directement l’institution de prévoyance. Chacune a une personne responsable et une date d’échéance. La page « Mesures » les présente dans les onglets Institution de prévoyance, RM, SCI et LPD, chacun divisé en « À venir » et « Confirmées ». Un filtre distingue les mesures en retard de celles qui sont à venir. Vos propres mesures apparaissent aussi sur le tableau de bord.',
          'Une mesure est unique (0 jour) ou récurrente : hebdomadaire (7 jours), mensuelle (30), trimestrielle (91), semestrielle (182) ou annuelle (365).',
          'Lorsqu’une mesure est réalisée, confirmez-la avec un bref texte de confirmation (avec le droit « Écriture » ou « Admin » sur son outil ; pour une mesure LPD, aussi avec le rôle « Protection des données »). L’application enregistre qui l’a confirmée et quand, puis la classe parmi les mesures confirmées. Pour une mesure récurrente, l’occurrence suivante vient à échéance une période plus tard.',
          'Si les rappels sont activés, vous recevez chaque jour un e-mail récapitulant vos mesures en retard et celles qui arrivent à échéance dans les 14 jours. Vous pouvez désactiver ces rappels dans votre profil.',
        ],
      },
      {
        heading: 'Inventaire des risques et carte des risques',
        paragraphs: [
          'L’inventaire des risques recense les risques de votre institution de prévoyance, classés par thème de risque et filtrables. Vous reprenez un nouveau risque du catalogue des risques ou vous le saisissez individuellement ; les risques individuels portent le suffixe _P dans leur numéro.',
          'Un risque se traite étape par étape : introduction, analyse, évaluation, pilotage, protection des données, surveillance et documents, avec les boutons « Suivant » et « Retour ». Un seul bloc peut être modifié à la fois ; enregistrez-le avant d’ouvrir le suivant.',
          'La carte des risques positionne chaque risque selon sa probabilité d’occurrence et sa gravité : plus il se trouve en haut à droite, plus il est urgent. Les niveaux de probabilité et de gravité, dans les tableaux situés sous la carte, sont adaptés à votre institution par les admins de la gestion des risques ; les autres membres les consultent seulement.',
        ],
      },
      {
        heading: 'SCI : inventaire des processus et indice de qualité',
        paragraphs: [
          'L’inventaire des processus est structuré en processus principaux et sous-processus. Pour chaque processus, vous saisissez l’objectif de contrôle et l’activité de contrôle, vous évaluez l’efficacité, la traçabilité et l’efficience, et vous le reliez aux risques correspondants. Vous reprenez les processus du catalogue SCI ou les saisissez individuellement.',
          'L’indice de qualité attribue à chaque processus principal un degré de maturité : 1 non fiable, 2 informel, 3 standardisé, 4 surveillé, 5 optimisé. Le niveau 4 est l’objectif idéal. Le niveau minimal fixé par le conseil de fondation est également affiché ; si un processus se situe en dessous, prévoyez des mesures.',
          'La matrice de contrôle indique pour chaque tâche qui décide (E), qui propose (A) et qui collabore (M). L’indice de qualité, le niveau minimal et la matrice de contrôle sont modifiés par les admins du SCI ; les autres membres les consultent seulement.',
        ],
      },
      {
        heading: 'Documents et export CSV',
        paragraphs: [
          'Sous « Documents », vous tenez à jour règlements, rapports et justificatifs dans les onglets Institution de prévoyance, RM, SCI, LPD et Processus de travail. Chaque entrée renvoie par un lien vers l’emplacement du document, par exemple votre gestion électronique des documents. Si le lien manque, l’application vous le signale.',
          'Depuis la page « Mesures », vous exportez la vue actuelle ou l’inventaire complet dans un fichier CSV. Enregistré en UTF-8 avec le point-virgule comme séparateur, il s’ouvre d’un double-clic dans Excel configuré pour la Suisse, accents et trémas compris. Les dates y figurent au format JJ.MM.AAAA.',
          'Si tout s’affiche dans une seule colonne ou si les accents sont erronés, importez le fichier dans Excel via « Données », « À partir d’un fichier texte/CSV », avec l’origine « 65001 : Unicode (UTF-8) » et le délimiteur « Point-virgule ».',
        ],
      },
      {
        heading: 'Clavier et utilisation sans JavaScript',
        paragraphs: [
          'Toute l’application s’utilise au clavier : Tab et Maj+Tab passent d’un élément à l’autre, la touche Entrée ouvre les liens et active les boutons, la barre d’espace coche les cases, les touches fléchées permettent de se déplacer dans les onglets et les menus, Échap ferme les dialogues et les menus. Les mots-clés (tags) se saisissent et se valident avec la touche Entrée.',
          'Tout fonctionne également sans JavaScript, par exemple dans un navigateur soumis à des règles strictes. Les pages sont générées sur le serveur, les formulaires sont envoyés normalement et, après l’enregistrement, la page se recharge avec la confirmation. Les filtres s’appliquent alors avec le bouton prévu à cet effet. Avec JavaScript, l’utilisation est simplement un peu plus fluide.',
          'D’autres questions ? La page « Contact » indique comment nous joindre.',
        ],
      },
    ],
  },
}

const en: Record<PageKey, Page> = {
  imprint: {
    title: 'Imprint',
    intro:
      'About the operator of Vorsorge RM, the web application for risk management (RM), the internal control system (ICS) and data protection (FADP, the Swiss Federal Act on Data Protection) of Swiss pension funds.',
    sections: [
      {
        heading: 'Operator',
        paragraphs: [
          'Vorsorge RM AG, Bahnhofstrasse 10, 8001 Zürich, Switzerland',
          'A company limited by shares under Swiss law (Aktiengesellschaft), registered office in Zürich, entered in the commercial register of the Canton of Zürich. Represented by its management.',
          'Business identification number (UID): CHE-123.456.789',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: ['E-mail: support@vorsorge-rm.example', 'Phone: +41 44 000 00 00', 'Opening hours and tips for your enquiry are on the Contact page.'],
      },
      {
        heading: 'What the application is for',
        paragraphs: [
          'Vorsorge RM helps pension funds keep their risk inventory, their process inventory with the ICS controls, their measures and their documents up to date and traceable.',
          'The catalogues, templates and texts in the application are working aids. They are not legal, investment or insurance advice. Assessing the risks and maintaining an adequate ICS remain the responsibility of each pension fund’s foundation council and management.',
        ],
      },
      {
        heading: 'Liability',
        paragraphs: [
          'We prepare the content of this application with care but cannot guarantee that it is accurate, complete and current, in particular after changes in the law. Use by our customers is governed first and foremost by their contract with Vorsorge RM AG.',
          'Links to third-party websites, for example in document entries, are outside our responsibility. Their content is the sole responsibility of their providers.',
        ],
      },
      {
        heading: 'Copyright',
        paragraphs: [
          'The software, design, catalogues and texts of Vorsorge RM are protected by copyright and belong to Vorsorge RM AG. Any use beyond the agreed use requires our prior written consent.',
          'The data a pension fund records in the application belongs to that pension fund.',
        ],
      },
      {
        heading: 'Data protection',
        paragraphs: ['How we handle personal data is explained on the Data protection page.'],
      },
    ],
  },

  privacy: {
    title: 'Privacy policy',
    intro:
      'In line with Art. 19 of the Swiss Federal Act on Data Protection (FADP, in German DSG), this policy explains which personal data the Vorsorge RM web application processes, why, where and for how long, and what your rights are. Last updated: 22.11.2026.',
    sections: [
      {
        heading: 'Controller and contact',
        paragraphs: [
          'Vorsorge RM AG, Bahnhofstrasse 10, 8001 Zürich, Switzerland, is the controller for the processing needed to run the application: user accounts, sign-in, security and e-mails.',
          'The content a pension fund records in the application (such as risks, processes, measures and documents) is processed on the fund’s behalf and on its instructions. The pension fund is responsible for that content, so please address any request about it to the fund directly. If such a request reaches us, we pass it on.',
          'Data protection enquiries: support@vorsorge-rm.example (subject “Data protection”), phone +41 44 000 00 00, or by post to the address above.',
        ],
      },
      {
        heading: 'What personal data we process',
        paragraphs: [
          'Account data: first name, last name, e-mail address, phone, address, function and position, language, comments, the pension funds you work for, your rights per tool (RM, ICS), your deputies and your reminder setting. Your password is never stored in plain text, only as a hash (Argon2id).',
          'Audit log entries: for every change we record when it was made, in which area, which action it was (created, updated, deleted), which fields changed with their old and new values, who acted and, where applicable, on whose behalf.',
          'Session and security data: active sessions (we store only a hash of the session key and the time it was last used), password reset links (also only as a hash, with an expiry time) and failed sign-in attempts (identifier and time). The server also logs technical access data such as IP address, time, requested address and browser type.',
          'E-mails: for welcome messages, password resets, deputy assignments and measure reminders we use your e-mail address, your name and the details contained in the message.',
          'Content: free-text fields may contain personal data, such as the names of responsible persons. Vorsorge RM is for documenting risks, controls and measures. Please do not enter data about insured persons or sensitive personal data such as health data.',
        ],
      },
      {
        heading: 'Cookies and local storage',
        paragraphs: [
          '“__session” is strictly necessary: the cookie holds nothing but a random key that recognises you after sign-in. Scripts cannot read it (HttpOnly), and your browser deletes it when you close it at the latest. On the server, the session ends when you sign out or after 120 minutes without activity. Without this cookie you cannot sign in.',
          '“__toast” is also technically necessary: it carries a short confirmation such as “Data has been saved” across the redirect after you save, and is deleted as soon as it has been shown. It contains no personal data.',
          '“lng” remembers the language you chose (de, fr or en) for one year, so the application greets you in your language next time. The same value is kept under the key “lng” in your browser’s local storage; it stays on your device until you delete it and is never sent to us.',
          'We use no analytics, advertising or tracking cookies and embed no third-party tracking services. You can delete cookies and local storage in your browser at any time.',
        ],
      },
      {
        heading: 'Purposes',
        paragraphs: [
          'We process personal data to provide the application to you, sign you in securely, manage your rights per pension fund and your deputies, and send you the e-mails you need. You can switch off measure reminders in your profile at any time.',
          'The audit log makes changes traceable. This is part of an effective ICS and lets your pension fund show its auditors and the supervisory authority who changed what and when.',
          'We use security and access data to prevent abuse such as password guessing, to fix errors and to answer your support requests.',
          'We do not use your data for advertising, we do not build profiles and we do not sell data.',
        ],
      },
      {
        heading: 'Hosting in Switzerland and recipients',
        paragraphs: [
          'The application, the database, the backups and the e-mail delivery run in data centres in Switzerland. We do not disclose personal data abroad.',
          'Your account data can be seen by the administrators of your pension fund and, as far as operation and support require, by staff of Vorsorge RM AG, who are bound by confidentiality. Our hosting provider processes data solely on our behalf and is contractually bound to data protection and data security.',
          'Authorities receive data only where the law obliges us to disclose it.',
        ],
      },
      {
        heading: 'How long we keep data',
        paragraphs: [
          'We keep account data for as long as your account exists. When it is deleted, we remove the data from the database immediately and from the backups within 30 days.',
          'Audit log entries are part of the pension fund’s records and are kept for as long as the fund uses Vorsorge RM. When an account is deleted, the link to that person is removed from the entries. When the contract ends, we hand the pension fund its data on request and delete it within 90 days.',
          'Sessions end when you sign out or after 120 minutes without activity. Password reset links are valid for 30 minutes and can be used once. We delete failed sign-in attempts after one day at the latest and technical access logs after 30 days.',
        ],
      },
      {
        heading: 'Data security',
        paragraphs: [
          'We protect data with technical and organisational measures: encrypted transmission (HTTPS), passwords and keys stored only as hashes, rights per pension fund and per tool, strict separation of each customer’s data, an audit log and regular backups.',
          'If a data security breach is likely to result in a high risk to your personality or fundamental rights, we report it to the Federal Data Protection and Information Commissioner (FDPIC) as soon as possible and inform you where this is needed for your protection (Art. 24 FADP). We inform the pension funds concerned without delay.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'You may ask whether we process personal data about you and, if so, which (right of access, Art. 25 FADP). Information is generally provided free of charge and within 30 days. We correct inaccurate data (Art. 32 FADP); you can also update much of it yourself in your profile. You may further ask us to delete data or to refrain from a particular processing, unless statutory retention duties or overriding interests prevent this (Art. 32 FADP), and you may receive your data in a common electronic format.',
          'Send your request to support@vorsorge-rm.example or by post to Vorsorge RM AG. To make sure no one else obtains your information, we may ask you to prove your identity.',
          'You can also contact the supervisory authority: Federal Data Protection and Information Commissioner (FDPIC), Feldeggweg 1, 3003 Bern, www.edoeb.admin.ch.',
          'We update this policy when the application or the law changes. The version published here applies.',
        ],
      },
    ],
  },

  contact: {
    title: 'Contact',
    intro: 'A question about Vorsorge RM, or something not working as expected? We are glad to help, in English, German or French.',
    sections: [
      {
        heading: 'Support',
        paragraphs: [
          'E-mail: support@vorsorge-rm.example',
          'Phone: +41 44 000 00 00, Monday to Friday, 8:00 to 12:00 and 13:30 to 17:00 (Swiss time), except public holidays in the Canton of Zürich.',
          'We usually answer e-mails within one working day.',
        ],
      },
      {
        heading: 'Helping us help you quickly',
        paragraphs: [
          'Tell us which pension fund you work for, which page you were on, what you wanted to do and which message appeared, with the date and time. A screenshot often helps.',
          'Never send us your password or data about insured persons. We will never ask for your password, neither by e-mail nor by phone.',
        ],
      },
      {
        heading: 'Accounts and rights',
        paragraphs: [
          'New accounts, rights, deputies and deactivating accounts are managed by your pension fund’s administrators. Please contact them first.',
          'Forgotten your password? Reset it yourself from the sign-in page; the Help page explains how.',
        ],
      },
      {
        heading: 'Data protection',
        paragraphs: [
          'Send questions about your personal data and requests for access to support@vorsorge-rm.example with the subject “Data protection”. The privacy policy has the details.',
        ],
      },
      {
        heading: 'Security incidents',
        paragraphs: [
          'Do you suspect that someone is accessing your account without permission, or have you received a suspicious e-mail claiming to come from Vorsorge RM? Please call us straight away and change your password. Outside office hours, write to support@vorsorge-rm.example with the subject “Security”.',
        ],
      },
      {
        heading: 'Postal address',
        paragraphs: ['Vorsorge RM AG, Bahnhofstrasse 10, 8001 Zürich, Switzerland'],
      },
    ],
  },

  help: {
    title: 'Help',
    intro: 'A short guide to everyday work with Vorsorge RM, from signing in to exporting your measures.',
    sections: [
      {
        heading: 'Signing in and your password',
        paragraphs: [
          'Sign in on the start page with your e-mail address and password. Your pension fund’s administrators open your account; you then receive an e-mail with a link to set your own password.',
          'Forgotten your password? On the sign-in page, follow the link to reset your password and enter your e-mail address. You will receive a link that is valid for 30 minutes and can be used once. The new password needs at least 8 characters. Afterwards all existing sessions are ended and you sign in with the new password.',
          'To change your password, open the user menu and choose “Change password”. Sessions on your other devices are ended at the same time.',
          'After 120 minutes without activity you are signed out automatically. After ten failed attempts within 15 minutes, signing in is blocked for a while. On a shared computer, always sign out through the user menu.',
        ],
      },
      {
        heading: 'Customer, language and deputies',
        paragraphs: [
          'If you work for a single pension fund, it is loaded as soon as you sign in. If you work for several, choose the one you want in the customer overview (user menu, “Select customer”). Your rights apply per pension fund and per tool (RM, ICS): read, write or administer. The “Data protection” role sees only what concerns data protection: it edits the data protection block of the FADP-relevant risks and ICS processes and edits and confirms FADP measures, nothing else.',
          'The interface is available in German (the default), French and English. Your choice is remembered in your browser. E-mails reach you in the language set in your profile.',
          'Under “Deputies” in the user menu, you appoint colleagues from the same pension fund as your deputies and switch each deputy on or off. An active deputy finds you in their customer overview and can work there on your behalf, with your rights. Every change is recorded in the audit log with both names. Your deputy is told by e-mail.',
        ],
      },
      {
        heading: 'Measures',
        paragraphs: [
          'Measures arise from risks, ICS processes or data protection, or concern the pension fund directly. Each has an owner and a due date. The Measures page shows them on the tabs Pension fund, RM, ICS and FADP, each split into “Pending” and “Confirmed”. A filter separates overdue measures from pending ones. Your own measures also appear on the dashboard.',
          'A measure is either one-off (0 days) or recurring: weekly (7 days), monthly (30), quarterly (91), semi-annually (182) or annually (365).',
          'Once a measure is done, confirm it with a short confirmation text (with the right “Write” or “Admin” on its tool; an FADP measure also with the “Data protection” role). The application records who confirmed it and when, and moves it to the confirmed measures. For a recurring measure, the next occurrence falls due one interval later.',
          'With reminders switched on, you receive a daily e-mail listing your overdue measures and those due within the next 14 days. You can switch reminders off in your profile.',
        ],
      },
      {
        heading: 'Risk inventory and risk map',
        paragraphs: [
          'The risk inventory lists your pension fund’s risks, grouped by risk theme and with filters. Take a new risk from the risk catalogue or record an individual one; individual risks carry the suffix _P in their number.',
          'You work through a risk step by step: introduction, analysis, evaluation, control, data protection, monitoring and documents, using “Next” and “Back”. Only one block can be edited at a time, so save it before you open the next one.',
          'The risk map places each risk by probability and severity: the further up and to the right, the more urgent. The risk management admins adapt the probability and severity levels in the tables below the map to your pension fund; everyone else can only read them.',
        ],
      },
      {
        heading: 'ICS: process inventory and quality index',
        paragraphs: [
          'The process inventory is structured into main processes and sub-processes. For each process you record the control target and control activity, assess effectiveness, traceability and efficiency, and link the relevant risks. Take processes from the ICS catalogue or record individual ones.',
          'The quality index gives each main process a maturity level: 1 unreliable, 2 informal, 3 standardised, 4 monitored, 5 optimised. Level 4 is the ideal target. The minimum level set by the foundation council is shown as well; if a process falls below it, plan measures.',
          'The control matrix shows for each task who decides (E), who proposes or requests (A) and who cooperates (M). The ICS admins edit the quality index, the minimum level and the control matrix; everyone else can only read them.',
        ],
      },
      {
        heading: 'Documents and CSV export',
        paragraphs: [
          'Under “Documents” you keep regulations, reports and evidence on the tabs Pension fund, RM, ICS, DSG and Work processes. Each entry links to where the document is stored, for example your document management system. If the link is missing, the application tells you.',
          'On the Measures page you can export the current view or the full inventory as a CSV file. It is saved as UTF-8 with semicolons as separators, so it opens with a double-click in Excel set up for Switzerland, umlauts and accents included. Dates appear as DD.MM.YYYY.',
          'If everything lands in one column or umlauts look wrong, import the file in Excel via “Data”, “From Text/CSV”, with file origin “65001: Unicode (UTF-8)” and delimiter “Semicolon”.',
        ],
      },
      {
        heading: 'Keyboard use and working without JavaScript',
        paragraphs: [
          'You can use the whole application with the keyboard: Tab and Shift+Tab move between elements, Enter follows links and activates buttons, Space ticks checkboxes, the arrow keys move within tabs and menus, and Esc closes dialogs and menus. Type tags and confirm each one with Enter.',
          'Everything also works without JavaScript, for example in browsers locked down by strict policies. Pages are built on the server, forms are submitted normally, and after saving the page reloads with the confirmation. Filters are then applied with their button. With JavaScript, things are simply a little smoother.',
          'More questions? The Contact page shows how to reach us.',
        ],
      },
    ],
  },
}

export const pages: Record<'de' | 'fr' | 'en', Record<PageKey, Page>> = { de, fr, en }
