import Foundation

/// The crisis help lines and emergency number of one region (FACTS.md, "Crisis help lines",
/// checked against public sources 2024–2026; every number's source is named beside it in
/// ``all``).
///
/// Numbers are stored as they are dialled and shown (`116 123`, `8-800-2000-122`); line names
/// are catalog keys (`crisis.line.*`) so they read naturally in each language (a Japanese
/// reply names the Japanese line in Japanese; a name missing in a language falls back to
/// English, the line's name as it is known abroad).
public struct HelpLine: Hashable, Sendable {
    /// One line to call.
    public struct Line: Hashable, Sendable {
        /// What the reply says about when the line answers (from the line's source).
        public enum Hours: Hashable, Sendable {
            /// Nothing is said (the source gives no reliable hours).
            case unstated
            /// Answers day and night (`crisis.note.allDay`).
            case allDay
            /// Answers calls and text messages day and night (`crisis.note.allDayText`).
            case allDayCallOrText
            /// Not open around the clock (`crisis.note.limited`): the reply says so, so that
            /// nobody waits on an unanswered line at night.
            case limited
        }

        /// The catalog key of the line's name, e.g. `crisis.line.us`.
        public let nameKey: String
        /// The numbers, any of which reaches the line (e.g. Germany has two).
        public let numbers: [String]
        /// The number to dial from a mobile phone when it differs (Moscow's `051`).
        public let fromMobile: String?
        /// When the line answers.
        public let hours: Hours

        public init(nameKey: String, numbers: [String], fromMobile: String? = nil, hours: Hours = .unstated) {
            self.nameKey = nameKey
            self.numbers = numbers
            self.fromMobile = fromMobile
            self.hours = hours
        }
    }

    /// ISO 3166-1 alpha-2 code (`US`, `RU`…); `nil` for the worldwide fallback.
    public let region: String?
    /// The lines to name, most relevant first; empty for the fallback.
    public let lines: [Line]
    /// Emergency numbers; empty means "the local emergency number (112 from most mobiles)".
    public let emergency: [String]
    /// Whether the reply also points to the directory (``directory``).
    public let showsDirectory: Bool

    public init(region: String?, lines: [Line], emergency: [String], showsDirectory: Bool = false) {
        self.region = region
        self.lines = lines
        self.emergency = emergency
        self.showsDirectory = showsDirectory
    }

    /// The worldwide directory of free, confidential help lines (FACTS.md, "anywhere else").
    public static let directory = "findahelpline.com"

    /// Anywhere else: the directory and the local emergency number.
    public static let fallback = HelpLine(region: nil, lines: [], emergency: [], showsDirectory: true)

    /// Every region with a known line: FACTS.md's regions, and the regions of every language
    /// a message may be written in (``SafetyLanguage``). Each number carries its public
    /// source (looked up November 2026; a source's own date is given where it shows one).
    /// Where no reliable national line could be sourced, the reply points to the directory
    /// (``showsDirectory``) beside the emergency number.
    public static let all: [HelpLine] = [
        // MARK: English
        HelpLine(region: "US",
                 // 988, call or text, 24/7; 911 in immediate danger: Wyoming Department of Health,
                 // health.wyo.gov/publichealth/prevention/wivpp/suicide-prevention/988-suicide-crisis-lifeline
                 lines: [Line(nameKey: "crisis.line.us", numbers: ["988"], hours: .allDayCallOrText)],
                 emergency: ["911"]),
        HelpLine(region: "CA",
                 // 9-8-8, call or text, 24/7 since 2023-11-30: Government of Canada release,
                 // newswire.ca "government-of-canada-launches-three-digit-suicide-crisis-helpline" (2023-11-30).
                 lines: [Line(nameKey: "crisis.line.ca", numbers: ["988"], hours: .allDayCallOrText)],
                 // 911, free from any phone: City of Brampton, brampton.ca "About 9-1-1".
                 emergency: ["911"]),
        HelpLine(region: "GB",
                 // 116 123, free, 24/7: samaritans.org/how-we-can-help/contact-samaritan; freephone since
                 // 2015: samaritans.org news "samaritans-in-northern-ireland-answer-one-million-calls".
                 lines: [Line(nameKey: "crisis.line.gb", numbers: ["116 123"], hours: .allDay)],
                 // 999 and 112 reach the same call centre: wellingtonpractice.co.uk/emergency-information.
                 emergency: ["999", "112"]),
        HelpLine(region: "IE",
                 // 116 123, free in Ireland since 2014: newstalk.com (Samaritans Ireland), irishexaminer.com (2019).
                 lines: [Line(nameKey: "crisis.line.gb", numbers: ["116 123"], hours: .allDay)],
                 // 112 or 999, free: HSE, www2.hse.ie/emergencies/when-to-call-112-or-999.
                 emergency: ["999", "112"]),
        HelpLine(region: "AU",
                 // 13 11 14, 24-hour; 000 in immediate danger: Lifeline Hunter Central Coast FAQ,
                 // lifelineh2h.org.au/get-help/telephone-crisis-support/faqs.
                 lines: [Line(nameKey: "crisis.line.au", numbers: ["13 11 14"], hours: .allDay)],
                 emergency: ["000"]),
        HelpLine(region: "NZ",
                 // 1737, free call or text, 24/7: Minister of Health release, scoop.co.nz/stories/PA1706/S00527 (2017-06-29).
                 lines: [Line(nameKey: "crisis.line.nz", numbers: ["1737"], hours: .allDayCallOrText)],
                 // 111: odt.co.nz "launch-two-new-mental-health-services" (111 call handlers transfer to mental-health nurses).
                 emergency: ["111"]),
        HelpLine(region: "IN",
                 // 14416 or 1-800-891-4416, toll-free: Union Health Ministry statement via livemint.com (2023-07-22);
                 // 24/7 in up to 20 languages: Rajya Sabha reply via thehawk.in (2025-07-25).
                 lines: [Line(nameKey: "crisis.line.in", numbers: ["14416", "1-800-891-4416"], hours: .allDay)],
                 // 112, the ERSS single emergency number: businesstoday.in (2019-04-19), ndtv.com (2019-02-19).
                 emergency: ["112"]),
        HelpLine(region: "SG",
                 // 1767, 24 hours: Samaritans of Singapore via CNA (2025-07-21, "Age of Anxiety"), mothership.sg (2022-09-10).
                 lines: [Line(nameKey: "crisis.line.sg", numbers: ["1767"], hours: .allDay),
                         // 1771, round the clock: National Mindline, same CNA listing (2025-07-21).
                         Line(nameKey: "crisis.line.sg.mindline", numbers: ["1771"], hours: .allDay)],
                 // 995, SCDF ambulance: scdf.gov.sg/home/about-us/information-on-ems/scdf-emergency-medical-services.
                 emergency: ["995"]),
        // MARK: Russian, Ukrainian
        // Russia has no national adult crisis line: show 112 and the directory too (FACTS.md).
        HelpLine(region: "RU",
                 lines: [
                     // 8-800-2000-122, free and anonymous, every region since 2010 (round the clock in 71 of
                     // 85 regions in 2022, so no hours are claimed): kch-sch6.narod.ru (2022-05-17),
                     // sosh9-nowch.edu21.cap.ru (2023-05-16).
                     Line(nameKey: "crisis.line.ru.children", numbers: ["8-800-2000-122"]),
                     // 051, free, round the clock: lenta.ru (2006-10-16); from a mobile 8 495 051 (+7 495 051):
                     // sobesednik.ru (2015-12-28, citing mos.ru); ru-main.ru (2022-03-02).
                     Line(nameKey: "crisis.line.ru.moscow", numbers: ["051"], fromMobile: "+7 495 051", hours: .allDay),
                 ],
                 // 112 from any phone since 2013-08-12: kazved.ru, pda.nakanune.ru (2013-08-12).
                 emergency: ["112"], showsDirectory: true),
        HelpLine(region: "UA",
                 // 7333, 24/7: dzerkalo.media "v-ukraini-zapratsyue-garyacha-liniya-psihologichnoi-pidtrimki" (2019).
                 lines: [Line(nameKey: "crisis.line.ua", numbers: ["7333"], hours: .allDay)],
                 // 112 nationwide by the end of 2024, 103 (ambulance) still works: deputy interior minister via
                 // bukvy.org (2024-01-11); 103 free from any operator: kokl.ua.
                 emergency: ["112", "103"]),
        // MARK: German
        HelpLine(region: "DE",
                 // 0800 111 0 111 and 0800 111 0 222, free, 24/7: domradio.de "telefonseelsorge-jetzt-unter-
                 // oekumenischem-dachverband"; ansbach-evangelisch.de "jeder-braucht-mal-hilfe".
                 lines: [Line(nameKey: "crisis.line.de", numbers: ["0800 111 0 111", "0800 111 0 222"], hours: .allDay)],
                 // 112 in every EU state, free: EU Commission via news.lt "Need help? Dial 112" (2009-02-12).
                 emergency: ["112"]),
        HelpLine(region: "AT",
                 // 142, free, round the clock, official emergency-number status: ots.at OTM_20230425_OTM0006 (2023-04-25).
                 lines: [Line(nameKey: "crisis.line.at", numbers: ["142"], hours: .allDay)],
                 // 112 (EU, as DE); 144 Rettungsnotruf: burgenland.orf.at/stories/3027145 (2019-12).
                 emergency: ["112", "144"]),
        HelpLine(region: "CH",
                 // 143, Switzerland and Liechtenstein, around the clock: 143.ch/unsere-geschichte; de.zxc.wiki "Die_Dargebotene_Hand".
                 lines: [Line(nameKey: "crisis.line.ch", numbers: ["143"], hours: .allDay)],
                 // 144 or 112, free: Canton of Graubünden, hallo.gr.ch/en/gesundheit/notfall.
                 emergency: ["144", "112"]),
        // MARK: Spanish
        HelpLine(region: "ES",
                 // 024, free, 24/7 since 2022-05-10: Ministerio de Sanidad via rtve.es (2022-05-09), ondacero.es (2022-06).
                 lines: [Line(nameKey: "crisis.line.es", numbers: ["024"], hours: .allDay)],
                 // 112: the 024 refers calls to 112 (ondacero.es, 2022-06); EU 112 as DE.
                 emergency: ["112"]),
        HelpLine(region: "MX",
                 // 800 911 2000, free, 24/7: CONASAMA via eluniversal.com.mx (2025-12-24), cronica.com.mx (2025-09-19).
                 lines: [Line(nameKey: "crisis.line.mx", numbers: ["800 911 2000"], hours: .allDay)],
                 // 911 nationwide since 2017-01-09: capitalmexico.com.mx, sopitas.com (2016-10-03).
                 emergency: ["911"]),
        HelpLine(region: "AR",
                 lines: [
                     // 0800 999 0091, national mental-health line of the Ministerio de Salud, free, 24 h:
                     // lapostacomodorense.com.ar (2025-09-03), ospia.org.ar.
                     Line(nameKey: "crisis.line.ar", numbers: ["0800 999 0091"], hours: .allDay),
                     // (011) 5275-1135 from the whole country (135 only from Buenos Aires): Centro de Asistencia
                     // al Suicida, lapostacomodorense.com.ar (2025-09-03).
                     Line(nameKey: "crisis.line.ar.cas", numbers: ["(011) 5275-1135"]),
                 ],
                 // 911: Prensa Latina via lagazzettadf.com (2016-10-03) lists Argentina among 911 countries.
                 emergency: ["911"]),
        HelpLine(region: "CO",
                 // 106, Bogotá's free line, 24/7 (Secretaría Distrital de Salud): bogota.gov.co "linea-106",
                 // saludcapital.gov.co (2025). No national line could be confirmed: the directory too.
                 lines: [Line(nameKey: "crisis.line.co", numbers: ["106"], hours: .allDay)],
                 // 123 for a mental-health emergency: Secretaría Distrital de Salud via radiosantafe.com (2025-09-11).
                 emergency: ["123"], showsDirectory: true),
        HelpLine(region: "CL",
                 // *4141, free, 24/7 since 2023-01-04 (MINSAL): biobiochile.cl (2023-01-06), latercera.com (2025-10-28).
                 lines: [Line(nameKey: "crisis.line.cl", numbers: ["*4141"], hours: .allDay)],
                 // 131 ambulance (SAMU), 133 Carabineros: latercera.com (2022-02, 2025-10-09).
                 emergency: ["131", "133"]),
        // MARK: French
        HelpLine(region: "FR",
                 // 3114, free, 24/7 since 2021-10-01: Ministère de la Santé figures via francetvinfo.fr (2022-02).
                 lines: [Line(nameKey: "crisis.line.fr", numbers: ["3114"], hours: .allDay)],
                 // 112 (EU, as DE); 15 (SAMU) in imminent danger: axaprevention.fr "prevention-suicide-journee-mondiale".
                 emergency: ["112", "15"]),
        HelpLine(region: "BE",
                 lines: [
                     // 0800 32 123, free, anonymous, 24/7: Centre de Prévention du Suicide via lalibre.be (2023-02-21).
                     Line(nameKey: "crisis.line.be.fr", numbers: ["0800 32 123"], hours: .allDay),
                     // 1813, free, 24/7: Zelfmoordlijn via vrt.be (2019-09-08), hln.be (2019-09).
                     Line(nameKey: "crisis.line.be.nl", numbers: ["1813"], hours: .allDay),
                 ],
                 // 112 (EU, as DE).
                 emergency: ["112"]),
        // MARK: Italian
        HelpLine(region: "IT",
                 // 02 2327 2327, every day 10:00–24:00: Telefono Amico Italia via fanpage.it (2024-02). Italy has no
                 // 24/7 national line (tgcom24.mediaset.it, 2025-09-10): the directory too.
                 lines: [Line(nameKey: "crisis.line.it", numbers: ["02 2327 2327"], hours: .limited)],
                 // 112 (EU, as DE).
                 emergency: ["112"], showsDirectory: true),
        // MARK: Portuguese
        HelpLine(region: "PT",
                 // 1411, national suicide-prevention line, free, 24 h, since 2025-09-10: dn.pt (2025-09-10),
                 // 24noticias.sapo.pt (2025-09-10).
                 lines: [Line(nameKey: "crisis.line.pt", numbers: ["1411"], hours: .allDay)],
                 // 112: same 24noticias.sapo.pt list ("Número europeu de emergência 112").
                 emergency: ["112"]),
        HelpLine(region: "BR",
                 // 188, free nationwide since 2018-07-01: jd1noticias.com (2018-07); 24 h: portalnmt.com.br.
                 lines: [Line(nameKey: "crisis.line.br", numbers: ["188"], hours: .allDay)],
                 // 192 (SAMU), free, 24 h: mirandabrasil.com.br "telefone-da-ambulancia" (2026-01-02).
                 emergency: ["192"]),
        // MARK: Japanese, Korean, Chinese
        HelpLine(region: "JP",
                 // 0120-279-338, free, 24 h (Iwate, Miyagi, Fukushima: 0120-279-226): Kyodo via kotobank.jp
                 // "よりそいホットライン"; hurights.or.jp (2015-01).
                 lines: [Line(nameKey: "crisis.line.jp", numbers: ["0120-279-338"], hours: .allDay)],
                 // 119 (fire and ambulance): city.fukui.lg.jp/kurasi/bosai/syoubo/tuhou.html.
                 emergency: ["119"]),
        HelpLine(region: "KR",
                 // 109, 24 h, since 2024-01-01 (Ministry of Health and Welfare): newspim.com (2024-01-02),
                 // eiec.kdi.re.kr press release (2024-01-02).
                 lines: [Line(nameKey: "crisis.line.kr", numbers: ["109"], hours: .allDay)],
                 // 119 (rescue and ambulance): chosun.com (2023-10-23).
                 emergency: ["119"]),
        HelpLine(region: "CN",
                 // 12356, national psychological assistance line, every prefecture by 2025-05-01, at least 18 h a
                 // day (so no 24 h claim): National Health Commission notice of 2024-12-25 (via IT之家, qntz.me);
                 // chinanews (2025-12-26).
                 lines: [Line(nameKey: "crisis.line.cn", numbers: ["12356"])],
                 // 120: the same notice links the line with 110, 119 and 120.
                 emergency: ["120"]),
        HelpLine(region: "TW",
                 // 1925, free, 24 h (Ministry of Health and Welfare): udn.com/news/story/7266/9329707 (2026-02-13).
                 lines: [Line(nameKey: "crisis.line.tw", numbers: ["1925"], hours: .allDay)],
                 // 119, 24 h, free: Hsinchu City Fire Department, hcfd.gov.tw/board/board2.asp.
                 emergency: ["119"]),
        HelpLine(region: "HK",
                 // 18111, 24 h, since 2023-12-27: news.gov.hk/eng/2023/12/20231227/20231227_162155_701.html.
                 lines: [Line(nameKey: "crisis.line.hk", numbers: ["18111"], hours: .allDay)],
                 // 999: Hong Kong Police, police.gov.hk/ppp_en/01_about_us/pp_operation.html.
                 emergency: ["999"]),
        // MARK: Danish, Dutch, Norwegian, Swedish
        HelpLine(region: "DK",
                 // 70 201 201, anonymous; not around the clock (11–19 in 2015, night hours funded since):
                 // cphpost.dk (2015-10-26), socialtindblik.dk (2022-11-24). No 24/7 line sourced: the directory too.
                 lines: [Line(nameKey: "crisis.line.dk", numbers: ["70 201 201"], hours: .limited)],
                 // 112 (EU, as DE).
                 emergency: ["112"], showsDirectory: true),
        HelpLine(region: "NL",
                 // 113 (free since 2025-10) or 0800-0113, 24/7: ANP via upday.com (2025-10-03), nu.nl (2020-07).
                 lines: [Line(nameKey: "crisis.line.nl", numbers: ["113", "0800-0113"], hours: .allDay)],
                 // 112 (EU, as DE).
                 emergency: ["112"]),
        HelpLine(region: "NO",
                 lines: [
                     // 116 123, Mental Helse, open day and night: tv2.no/a/11115544 (2020-01), nrk.no (2021-11).
                     Line(nameKey: "crisis.line.no", numbers: ["116 123"], hours: .allDay),
                     // 22 40 00 40, Kirkens SOS, open day and night: same sources.
                     Line(nameKey: "crisis.line.no.sos", numbers: ["22 40 00 40"], hours: .allDay),
                 ],
                 // 113 when life is at stake: nrk.no/osloogviken/...-1.15736352 (2021-11).
                 emergency: ["113"]),
        HelpLine(region: "SE",
                 // 90101, Mind, around the clock since 2020-06-01: SVT Text 112 via texttv.nu (2020-05-28),
                 // kronprinsessparetsstiftelse.se.
                 lines: [Line(nameKey: "crisis.line.se", numbers: ["90101"], hours: .allDay)],
                 // 112 (EU, as DE).
                 emergency: ["112"]),
        // MARK: Turkish
        // No national suicide-prevention line could be sourced (a directory's claim that 182 is one is wrong:
        // 182 books hospital appointments): the directory and the emergency number.
        HelpLine(region: "TR",
                 lines: [],
                 // 112: metepsikoloji.com "intihar-dusuncesi-belirtileri" ("Türkiye için 112").
                 emergency: ["112"], showsDirectory: true),
        // MARK: Vietnamese
        HelpLine(region: "VN",
                 // 096 306 1414, Ngày Mai hotline, free, Wednesday–Sunday 13:00–20:30 in 2022-08:
                 // tintuc.vdong.vn/10/1543422.htm; plo.vn. Not around the clock: the directory too.
                 lines: [Line(nameKey: "crisis.line.vn", numbers: ["096 306 1414"], hours: .limited)],
                 // 115 (ambulance): ngaynay.vn "de-xuat-hop-nhat-cac-so-dien-thoai-khan-cap"; ancotnam.vn.
                 emergency: ["115"], showsDirectory: true),
    ]

    private static let byRegion: [String: HelpLine] = {
        var table: [String: HelpLine] = [:]
        for line in all { if let r = line.region { table[r] = line } }
        return table
    }()

    /// The help line for `region`.
    ///
    /// - Parameter region: ISO 3166-1 alpha-2 code in any case, surrounding spaces ignored;
    ///   `UK` is read as `GB`; a locale such as `ru_RU` or `en-GB` is read by its region part.
    /// - Returns: the region's entry, or ``fallback`` for `nil`, empty or unknown regions.
    public static func forRegion(_ region: String?) -> HelpLine {
        guard var code = region?.trimmingCharacters(in: .whitespacesAndNewlines), !code.isEmpty else {
            return fallback
        }
        if let sep = code.firstIndex(where: { $0 == "_" || $0 == "-" }) {
            code = String(code[code.index(after: sep)...].prefix(while: { $0.isLetter }))
        }
        code = code.uppercased()
        if code == "UK" { code = "GB" }
        return byRegion[code] ?? fallback
    }
}
