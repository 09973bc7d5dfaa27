<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AnalysisCharts</name>
    <message>
        <location filename="../views/docks/analysischarts.cpp" line="+160"/>
        <source>Oversubscription per tier (down : up)</source>
        <translation>Überbuchung je Ebene (abwärts : aufwärts)</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>aggregate</source>
        <translation>gesamt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>worst switch</source>
        <translation>max. Switch</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>aggregate, what-if</source>
        <translation>gesamt, nachher</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>worst, what-if</source>
        <translation>max., nachher</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>ratio (x : 1)</source>
        <translation>Verhältnis (x : 1)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Oversubscription per tier: no tier below the top</source>
        <translation>Überbuchung je Ebene: keine Ebene unterhalb der obersten</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Capacity per tier (Tbit/s per direction)</source>
        <translation>Kapazität je Ebene (Tbit/s je Richtung)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>down</source>
        <translation>abwärts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>up</source>
        <translation>aufwärts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>down, what-if</source>
        <translation>abwärts, nachher</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>up, what-if</source>
        <translation>aufwärts, nachher</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Tbit/s</source>
        <translation>Tbit/s</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Bisection (% of full, per direction)</source>
        <translation>Bisektion (% des Vollwerts, je Richtung)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>baseline %1</source>
        <translation>Ausgangslage %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>what-if %1</source>
        <translation>Was-wäre-wenn %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>bisection</source>
        <translation>Bisektion</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>@value %</source>
        <translation>@value %</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>leaf</source>
        <translation>Leaf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>spine</source>
        <translation>Spine</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>core</source>
        <translation>Core</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>switch</source>
        <translation>Switch</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no uplink</source>
        <translation>kein Uplink</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1:1</source>
        <translation>%1:1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (1:%2)</source>
        <translation>%1 (1:%2)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 Tbit/s</source>
        <translation>%1 Tbit/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+5"/>
        <source>%1 Gbit/s</source>
        <translation>%1 Gbit/s</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>exact</source>
        <translation>exakt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tier cuts</source>
        <translation>Ebenenschnitte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>heuristic</source>
        <translation>heuristisch</translation>
    </message>
</context>
<context>
    <name>ComparisonOverlay</name>
    <message>
        <location filename="../views/canvas/comparisonoverlay.cpp" line="+123"/>
        <source>added</source>
        <translation>hinzugefügt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>removed</source>
        <translation>entfernt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>changed</source>
        <translation>geändert</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+10"/>
        <source>unchanged</source>
        <translation>unverändert</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 racks, %2 links</source>
        <translation>%1 Racks, %2 Links</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>added: newly allowed (%1)</source>
        <translation>hinzugefügt: neu erlaubt (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>removed: newly denied (%1)</source>
        <translation>entfernt: neu verboten (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>changed: both (%1)</source>
        <translation>geändert: beides (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unaffected</source>
        <translation>nicht betroffen</translation>
    </message>
</context>
<context>
    <name>DetectionAnswer</name>
    <message numerus="yes">
        <location filename="../core/controlplane/controlrecords.cpp" line="+102"/>
        <source>%n rank(s)</source>
        <translation>
            <numerusform>%n Rang</numerusform>
            <numerusform>%n Ränge</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 stalled, %2</source>
        <translation>%1 blockiert, %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 %2× as routed (%3× adaptive), %4</source>
        <translation>%1 %2× wie geroutet (%3× adaptiv), %4</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no job</source>
        <translation>kein Job</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>interval %1</source>
        <translation>Intervall %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 on %2 since %3%4: %5, %6</source>
        <translation>%1 auf %2 seit %3%4: %5, %6</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (cleared)</source>
        <translation> (aufgehoben)</translation>
    </message>
</context>
<context>
    <name>FabricDocument</name>
    <message>
        <location filename="../core/document/commands.cpp" line="+190"/>
        <source>Add job %1</source>
        <translation>Job %1 hinzufügen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove job %1</source>
        <translation>Job %1 entfernen</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Edit job %1</source>
        <translation>Job %1 bearbeiten</translation>
    </message>
</context>
<context>
    <name>HealthOverlay</name>
    <message>
        <location filename="../views/canvas/healthoverlay.cpp" line="+84"/>
        <source>no data</source>
        <translation>keine Daten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>healthy</source>
        <translation>intakt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>below nominal rate</source>
        <translation>unter Nennrate</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>alarm</source>
        <translation>Alarm</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>down</source>
        <translation>ausgefallen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Link health — stale: %1</source>
        <translation>Link-Zustand — veraltet: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Link health, interval %1</source>
        <translation>Link-Zustand, Intervall %1</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%1 (%Ln link(s))</source>
        <translation>
            <numerusform>%1 (%Ln Link)</numerusform>
            <numerusform>%1 (%Ln Links)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+19"/>
        <source>interval %1</source>
        <translation>Intervall %1</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>interval %1 at %2</source>
        <translation>Intervall %1 um %2</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>; %1 (%2) since %3</source>
        <translation>; %1 (%2) seit %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> (stale: the source did not answer)</source>
        <translation> (veraltet: Die Quelle hat nicht geantwortet)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Live state</source>
        <translation>Live-Zustand</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+30"/>
        <location line="+28"/>
        <source>Live sample</source>
        <translation>Live-Messung</translation>
    </message>
    <message>
        <location line="-58"/>
        <source>none in %1 (a gap)</source>
        <translation>keine in %1 (Lücke)</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+2"/>
        <source>Live rate</source>
        <translation>Live-Rate</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>down (design: %1 Gbit/s)</source>
        <translation>ausgefallen (Entwurf: %1 Gbit/s)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 Gbit/s of %2 Gbit/s nominal (%3 %)</source>
        <translation>%1 Gbit/s von %2 Gbit/s Nennrate (%3 %)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Utilization</source>
        <translation>Auslastung</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 → %2: %3 %, %2 → %1: %4 % of the running rate</source>
        <translation>%1 → %2: %3 %, %2 → %1: %4 % der aktuellen Rate</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Counters</source>
        <translation>Zähler</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ECN-CE %1, PFC pauses %2, retransmits %3, symbol errors %4, discards %5, downs %6 in %7 s</source>
        <translation>ECN-CE %1, PFC-Pausen %2, Neuübertragungen %3, Symbolfehler %4, verworfene Pakete %5, Link-Ausfälle %6 in %7 s</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Live links</source>
        <translation>Live-Links</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Alarmed</source>
        <translation>Mit Alarm</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Suspect</source>
        <translation>Verdächtig</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>yes: the end of an alarmed link or the host of a hung or slow rank</source>
        <translation>ja: Ende eines Links mit Alarm oder Host eines hängenden oder langsamen Rangs</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <location line="-98"/>
        <source>suspect host or switch (outlined)</source>
        <translation>verdächtiger Host oder Switch (umrandet)</translation>
    </message>
</context>
<context>
    <name>JobImpactText</name>
    <message numerus="yes">
        <location filename="../views/docks/jobimpacttext.cpp" line="+12"/>
        <source>&lt;br&gt;&lt;b&gt;Impaired links&lt;/b&gt;: %n failed or degraded link(s) carry this job&apos;s traffic. </source>
        <translation>
            <numerusform>&lt;br&gt;&lt;b&gt;Beeinträchtigte Links&lt;/b&gt;: %n ausgefallener oder eingeschränkter Link trägt Verkehr dieses Jobs. </numerusform>
            <numerusform>&lt;br&gt;&lt;b&gt;Beeinträchtigte Links&lt;/b&gt;: %n ausgefallene oder eingeschränkte Links tragen Verkehr dieses Jobs. </numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;font color=&quot;#d04040&quot;&gt;Step %1× slower&lt;/font&gt; than on the healthy fabric (%2 ms).</source>
        <translation>&lt;font color=&quot;#d04040&quot;&gt;Schritt %1× langsamer&lt;/font&gt; als auf der intakten Fabric (%2 ms).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No slowdown: the healthy fabric takes the same %1 ms.</source>
        <translation>Keine Verlangsamung: Die intakte Fabric braucht ebenfalls %1 ms.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1× alone</source>
        <translation>allein %1×</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>disconnects the job alone</source>
        <translation>trennt den Job schon allein</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;tr&gt;&lt;td&gt;%1&lt;/td&gt;&lt;td align=&quot;right&quot;&gt;&amp;nbsp;%2 of %3 Gbit/s&lt;/td&gt;&lt;td&gt;&amp;nbsp;&amp;nbsp;%4&lt;/td&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;td&gt;%1&lt;/td&gt;&lt;td align=&quot;right&quot;&gt;&amp;nbsp;%2 von %3 Gbit/s&lt;/td&gt;&lt;td&gt;&amp;nbsp;&amp;nbsp;%4&lt;/td&gt;&lt;/tr&gt;</translation>
    </message>
</context>
<context>
    <name>LoadedIntent</name>
    <message>
        <location filename="../views/docks/loadedintent.cpp" line="+17"/>
        <source>v%1 · %2</source>
        <translation>v%1 · %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>cannot open: %1</source>
        <translation>kann nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>%1 in the project</source>
        <translation>%1 im Projekt</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../views/dialogs/templatedialog.cpp" line="+77"/>
        <source>GPU model: sets the NVLink bandwidth per GPU (A100: 300 GB/s, H800: 200 GB/s, H100/H200: 450 GB/s, B200/GB200: 900 GB/s per direction) used by the traffic analysis.</source>
        <translation>GPU-Modell: legt die NVLink-Bandbreite je GPU fest (A100: 300 GB/s, H800: 200 GB/s, H100/H200: 450 GB/s, B200/GB200: 900 GB/s je Richtung), die die Verkehrsanalyse verwendet.</translation>
    </message>
    <message>
        <location line="+600"/>
        <source>%1 Tbit/s</source>
        <translation>%1 Tbit/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 Gbit/s</source>
        <translation>%1 Gbit/s</translation>
    </message>
    <message>
        <location filename="../core/document/commands.cpp" line="-189"/>
        <source>Set capacity of %1</source>
        <translation>Kapazität von %1 festlegen</translation>
    </message>
</context>
<context>
    <name>Railyard::AddHostDialog</name>
    <message>
        <location filename="../views/dialogs/addhostdialog.cpp" line="+9"/>
        <source>Add Host</source>
        <translation>Host hinzufügen</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Id</source>
        <translation>ID</translation>
    </message>
</context>
<context>
    <name>Railyard::AddRackDialog</name>
    <message>
        <location filename="../views/dialogs/addrackdialog.cpp" line="+12"/>
        <source>Add Rack</source>
        <translation>Rack hinzufügen</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Rack</source>
        <translation>Rack</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Enter a rack name.</source>
        <translation>Geben Sie einen Rack-Namen ein.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A rack name cannot begin or end with spaces.</source>
        <translation>Ein Rack-Name darf nicht mit Leerzeichen beginnen oder enden.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Rack %1 already exists.</source>
        <translation>Rack %1 gibt es schon.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The new host %1 would reuse an id already in the fabric.</source>
        <translation>Der neue Host %1 hätte eine ID, die es in der Fabric schon gibt.</translation>
    </message>
</context>
<context>
    <name>Railyard::AddSwitchDialog</name>
    <message>
        <location filename="../views/dialogs/addswitchdialog.cpp" line="+20"/>
        <source>Add Switch</source>
        <translation>Switch hinzufügen</translation>
    </message>
    <message>
        <location line="+24"/>
        <source> ports</source>
        <translation> Ports</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The rail a rail-optimized leaf serves</source>
        <translation>Die Rail, die ein Rail-optimierter Leaf bedient</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>In-network reduction (SHARP)</source>
        <translation>Reduktion im Netz (SHARP)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tier</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Radix</source>
        <translation>Radix</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Plane</source>
        <translation>Plane</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rail</source>
        <translation>Rail</translation>
    </message>
</context>
<context>
    <name>Railyard::AnalysisDock</name>
    <message>
        <location filename="../views/docks/analysisdock.cpp" line="+223"/>
        <source>Bisection bandwidth</source>
        <translation>Bisektionsbandbreite</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What-if: before → after</source>
        <translation>Was-wäre-wenn: vorher → nachher</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Switch colours on the canvas</source>
        <translation>Switch-Farben auf der Zeichenfläche</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+157"/>
        <location line="+15"/>
        <source>Analysing…</source>
        <translation>Analyse läuft…</translation>
    </message>
    <message>
        <location line="-171"/>
        <source>No analysis yet: open or generate a fabric.</source>
        <translation>Noch keine Analyse: Öffnen oder erzeugen Sie eine Fabric.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 per direction</source>
        <translation>%1 je Richtung</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>per direction · %1 of full (%2)</source>
        <translation>je Richtung · %1 des Vollwerts (%2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>method: %1</source>
        <translation>Methode: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · upper bound</source>
        <translation> · Obergrenze</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source> · %n link(s) in the cut</source>
        <translation>
            <numerusform> · %n Link im Schnitt</numerusform>
            <numerusform> · %n Links im Schnitt</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Exact minimum bisection.</source>
        <translation>Exakte minimale Bisektion.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The true bisection may be lower: no split found crosses less capacity than this.</source>
        <translation>Die tatsächliche Bisektion kann niedriger sein: Keine gefundene Aufteilung schneidet weniger Kapazität als diese.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>bisection</source>
        <translation>Bisektion</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>bisection ratio</source>
        <translation>Bisektionsverhältnis</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 aggregate</source>
        <translation>%1 gesamt</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 worst switch</source>
        <translation>%1 max. Switch</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>cut changed: +%1 / −%2 links</source>
        <translation>Schnitt geändert: +%1 / −%2 Links</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Failed (%1): %2</source>
        <translation>Ausgefallen (%1): %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, and %1 more</source>
        <translation> und %1 weitere</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1: — (top tier, no uplinks)</source>
        <translation>%1: — (oberste Ebene, keine Uplinks)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>1:1 or better</source>
        <translation>1:1 oder besser</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>up to 2:1</source>
        <translation>bis 2:1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>up to 4:1</source>
        <translation>bis 4:1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>above 4:1</source>
        <translation>über 4:1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>top tier</source>
        <translation>oberste Ebene</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>By oversubscription (down : up):</source>
        <translation>Nach Überbuchung (abwärts : aufwärts):</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Analysis</source>
        <translation>Analyse</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>%1 (%2 %)</source>
        <translation>%1 (%2 %)</translation>
    </message>
</context>
<context>
    <name>Railyard::AnalysisRunner</name>
    <message>
        <location filename="../views/analysisrunner.cpp" line="+80"/>
        <source>Analysing the fabric</source>
        <translation>Fabric wird analysiert</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+18"/>
        <source>Analysing the what-if</source>
        <translation>Was-wäre-wenn wird analysiert</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
</context>
<context>
    <name>Railyard::BomDialog</name>
    <message>
        <location filename="../views/dialogs/bomdialog.cpp" line="+83"/>
        <source>Bill of Materials</source>
        <translation>Stückliste</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Export Cabling &amp;Plan…</source>
        <translation>&amp;Verkabelungsplan exportieren…</translation>
    </message>
    <message>
        <location line="+123"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="-69"/>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 switches, %3 cables, %4 transceivers — %5 %6, %7 kW</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2 Switches, %3 Kabel, %4 Transceiver — %5 %6, %7 kW</translation>
    </message>
    <message>
        <location line="-56"/>
        <source>Load &amp;Catalogue…</source>
        <translation>&amp;Katalog laden…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Built-in Catalogue</source>
        <translation>&amp;Eingebauter Katalog</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Load a Switch and NIC Catalogue</source>
        <translation>Switch- und NIC-Katalog laden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Catalogue (*.json);;All files (*)</source>
        <translation>Katalog (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot Load the Catalogue</source>
        <translation>Katalog kann nicht geladen werden</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Prices and power: the built-in catalogue</source>
        <translation>Preise und Leistung: der eingebaute Katalog</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prices and power: %1</source>
        <translation>Preise und Leistungsaufnahme: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Item</source>
        <translation>Artikel</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tier</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unit price</source>
        <translation>Stückpreis</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Price</source>
        <translation>Preis</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Power (W)</source>
        <translation>Leistung (W)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Cost per tier</source>
        <translation>Kosten je Ebene</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>k%1</source>
        <translation>Tsd. %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power per tier</source>
        <translation>Leistung je Ebene</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>kW</source>
        <translation>kW</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Export Cabling Plan</source>
        <translation>Verkabelungsplan exportieren</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cabling plan (*.csv);;NetBox cable import (*.netbox.csv);;ibnetdiscover topology (*.ibnetdiscover)</source>
        <translation>Verkabelungsplan (*.csv);;NetBox-Kabelimport (*.netbox.csv);;ibnetdiscover-Topologie (*.ibnetdiscover)</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+7"/>
        <source>Cannot Export</source>
        <translation>Export nicht möglich</translation>
    </message>
</context>
<context>
    <name>Railyard::ComparisonDialog</name>
    <message>
        <location filename="../views/dialogs/comparisondialog.cpp" line="+36"/>
        <source>%1 (%2 ↔ %3, %4 Gbit/s)</source>
        <translation>%1 (%2 ↔ %3, %4 Gbit/s)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Missing cables</source>
        <translation>Fehlende Kabel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Extra cables</source>
        <translation>Zusätzliche Kabel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Miswired cables</source>
        <translation>Falsch gesteckte Kabel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Swapped pairs</source>
        <translation>Vertauschte Paare</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wrong speed</source>
        <translation>Falsche Geschwindigkeit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cannot be checked</source>
        <translation>Nicht prüfbar</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Comparison</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+30"/>
        <location line="+32"/>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <location line="-62"/>
        <location line="+30"/>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Comparison with %1</source>
        <translation>Vergleich mit %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;%1&lt;/b&gt; and &lt;b&gt;%2&lt;/b&gt; are the same fabric.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; und &lt;b&gt;%2&lt;/b&gt; sind dieselbe Fabric.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Baseline &lt;b&gt;%1&lt;/b&gt; against the current fabric &lt;b&gt;%2&lt;/b&gt;; the canvas colours what changed.</source>
        <translation>Ausgangslage &lt;b&gt;%1&lt;/b&gt; gegenüber der aktuellen Fabric &lt;b&gt;%2&lt;/b&gt;; die Zeichenfläche färbt ein, was sich geändert hat.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Switches</source>
        <translation>Switches</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Links</source>
        <translation>Links</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Link capacity (Tbit/s)</source>
        <translation>Link-Kapazität (Tbit/s)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bisection (Tbit/s)</source>
        <translation>Bisektion (Tbit/s)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Oversubscription, %1</source>
        <translation>Überbuchung, %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Measure</source>
        <translation>Kennzahl</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Added hosts</source>
        <translation>Hinzugefügte Hosts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Removed hosts</source>
        <translation>Entfernte Hosts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Added switches</source>
        <translation>Hinzugefügte Switches</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Removed switches</source>
        <translation>Entfernte Switches</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Changed hosts</source>
        <translation>Geänderte Hosts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Changed switches</source>
        <translation>Geänderte Switches</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Added links</source>
        <translation>Hinzugefügte Links</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Removed links</source>
        <translation>Entfernte Links</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Changed links</source>
        <translation>Geänderte Links</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>As-Built Check against %1</source>
        <translation>Soll-Ist-Abgleich mit %1</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>&lt;b&gt;Design&lt;/b&gt; (what should be): %1, %n cable(s)</source>
        <translation>
            <numerusform>&lt;b&gt;Entwurf&lt;/b&gt; (Soll): %1, %n Kabel</numerusform>
            <numerusform>&lt;b&gt;Entwurf&lt;/b&gt; (Soll): %1, %n Kabel</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;As built&lt;/b&gt; (what was discovered): %1, %n cable(s)</source>
        <translation>
            <numerusform>&lt;b&gt;Ist-Zustand&lt;/b&gt; (erkannt): %1, %n Kabel</numerusform>
            <numerusform>&lt;b&gt;Ist-Zustand&lt;/b&gt; (erkannt): %1, %n Kabel</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The floor matches the design: %1 of %2 cables found as designed.</source>
        <translation>Die Installation vor Ort entspricht dem Entwurf: %1 von %2 Kabeln wie geplant vorgefunden.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 of %2 designed cables as designed.</source>
        <translation>%1 von %2 geplanten Kabeln wie geplant.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Missing: %1 · extra: %2 · swapped: %3 · miswired: %4 · wrong speed: %5. The canvas colours the cables concerned until Inventory ▸ Clear Comparison.</source>
        <translation>Fehlend: %1 · zusätzlich: %2 · vertauscht: %3 · falsch gesteckt: %4 · falsche Geschwindigkeit: %5. Die Zeichenfläche färbt die betroffenen Kabel, bis Inventar ▸ Vergleich aufheben.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Element</source>
        <translation>Element</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Finding</source>
        <translation>Befund</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>In the design</source>
        <translation>Im Entwurf</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>As built</source>
        <translation>Ist-Zustand</translation>
    </message>
</context>
<context>
    <name>Railyard::ConnectDialog</name>
    <message>
        <location filename="../views/dialogs/connectdialog.cpp" line="+29"/>
        <source>Connect</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <location line="+22"/>
        <source> Gbit/s</source>
        <translation> Gbit/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Capacity per direction</source>
        <translation>Kapazität je Richtung</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>To</source>
        <translation>Nach</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <location line="+28"/>
        <source> (of 0–%1)</source>
        <translation> (von 0–%1)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All %1 ports are in use.</source>
        <translation>Alle %1 Ports sind belegt.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ports; the lowest free one is %2.</source>
        <translation>%1 Ports; der niedrigste freie ist %2.</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>Enter the ids of both ends.</source>
        <translation>Geben Sie die IDs beider Enden ein.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>There is no host or switch %1.</source>
        <translation>Es gibt keinen Host oder Switch %1.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A link needs two different ends.</source>
        <translation>Ein Link braucht zwei verschiedene Enden.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Port %1 of %2 is out of range: its ports are 0 to %3.</source>
        <translation>Port %1 von %2 liegt außerhalb des Bereichs: seine Ports sind 0 bis %3.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The capacity must be more than 0 Gbit/s.</source>
        <translation>Die Kapazität muss größer als 0 Gbit/s sein.</translation>
    </message>
</context>
<context>
    <name>Railyard::ControlPlaneDialog</name>
    <message>
        <location filename="../views/dialogs/controlplanedialog.cpp" line="+19"/>
        <source>Connect to Control Plane</source>
        <translation>Mit Steuerungsebene verbinden</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A service speaking the control-plane API, such as railyard-controld. Ask its administrator for a token (railyard-controld token add).</source>
        <translation>Ein Dienst mit der API der Steuerungsebene, etwa railyard-controld. Ein Token erhalten Sie von seinem Administrator (railyard-controld token add).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;URL:</source>
        <translation>&amp;URL:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ryd_…</source>
        <translation>ryd_…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Token:</source>
        <translation>&amp;Token:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Only for a self-signed certificate</source>
        <translation>Nur für ein selbstsigniertes Zertifikat</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CA Certificate</source>
        <translation>CA-Zertifikat</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PEM certificates (*.pem *.crt);;All files (*)</source>
        <translation>PEM-Zertifikate (*.pem *.crt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;CA certificate:</source>
        <translation>&amp;CA-Zertifikat:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Remember (in a file only you can read)</source>
        <translation>&amp;Merken (in einer Datei, die nur Sie lesen können)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>C&amp;onnect</source>
        <translation>&amp;Verbinden</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>The URL must start with http:// or https://.</source>
        <translation>Die URL muss mit http:// oder https:// beginnen.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A token is required.</source>
        <translation>Ein Token ist erforderlich.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The CA certificate %1 does not exist.</source>
        <translation>Das CA-Zertifikat %1 existiert nicht.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connecting…</source>
        <translation>Verbinde…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot connect: %1</source>
        <translation>Verbindung nicht möglich: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Connected, but the connection cannot be saved: %1</source>
        <translation>Verbunden, aber die Verbindung kann nicht gespeichert werden: %1</translation>
    </message>
</context>
<context>
    <name>Railyard::ControlPlaneDock</name>
    <message>
        <location filename="../views/docks/controlplanedock.cpp" line="+44"/>
        <source>Control Plane</source>
        <translation>Steuerungsebene</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Not connected.</source>
        <translation>Nicht verbunden.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Connect…</source>
        <translation>Verbinden…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Network</source>
        <translation>Netz</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Intent</source>
        <translation>Intent</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Gbit/s per host</source>
        <translation>Gbit/s je Host</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Telemetry over</source>
        <translation>Telemetrie über</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 minute</source>
        <translation>1 Minute</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>15 minutes</source>
        <translation>15 Minuten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 hour</source>
        <translation>1 Stunde</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+451"/>
        <source>Push Reviewed Intent</source>
        <translation>Geprüften Intent übertragen</translation>
    </message>
    <message>
        <location line="-450"/>
        <source>Apply the Intents dock&apos;s approved version to the selected network</source>
        <translation>Die genehmigte Version aus dem Intents-Fenster auf das gewählte Netz anwenden</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Incident</source>
        <translation>Vorfall</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Filed</source>
        <translation>Gemeldet</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Symptom</source>
        <translation>Symptom</translation>
    </message>
    <message>
        <location line="-5"/>
        <location line="+5"/>
        <source>Detections</source>
        <translation>Erkennungen</translation>
    </message>
    <message>
        <location line="-22"/>
        <location line="+22"/>
        <source>Severity</source>
        <translation>Schwere</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>Detection</source>
        <translation>Erkennung</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Element</source>
        <translation>Element</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Since</source>
        <translation>Seit</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>File Incident</source>
        <translation>Vorfall melden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File a network incident for the selected detection; its runbook names the jobs it slows and the hosts and links to drain</source>
        <translation>Einen Netzwerk-Vorfall für die gewählte Erkennung melden; sein Runbook nennt die verlangsamten Jobs und die zu sperrenden Hosts und Links</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Select an incident to read its runbook.</source>
        <translation>Wählen Sie einen Vorfall, um sein Runbook zu lesen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Incidents</source>
        <translation>Vorfälle</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Connecting to %1…</source>
        <translation>Verbinde mit %1…</translation>
    </message>
    <message>
        <location line="+80"/>
        <location line="+19"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+272"/>
        <source>v%1</source>
        <translation>v%1</translation>
    </message>
    <message>
        <location line="-272"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>%1: %n network(s)</source>
        <translation>
            <numerusform>%1: %n Netz</numerusform>
            <numerusform>%1: %n Netze</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Warning: plain HTTP; the token is sent unencrypted.</source>
        <translation>Warnung: einfaches HTTP; das Token wird unverschlüsselt gesendet.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>stalled</source>
        <translation>blockiert</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>slowdown</source>
        <translation>Verlangsamung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no job impact</source>
        <translation>ohne Auswirkung auf Jobs</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Interval %1 of the service&apos;s telemetry</source>
        <translation>Intervall %1 der Telemetrie des Dienstes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>interval %1</source>
        <translation>Intervall %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 UTC
%2 local time</source>
        <translation>%1 UTC
%2 Ortszeit</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> UTC</source>
        <translation> UTC</translation>
    </message>
    <message>
        <location line="+22"/>
        <source> (cleared)</source>
        <translation> (aufgehoben)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>host %1</source>
        <translation>Host %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>link %1</source>
        <translation>Link %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Drain: %1</source>
        <translation>Zu sperren: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Detections (%1)</source>
        <translation>Erkennungen (%1)</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Filed by %1 (UTC)</source>
        <translation>Gemeldet von %1 (UTC)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No detection was linked when it was filed.</source>
        <translation>Beim Melden wurde keine Erkennung verknüpft.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Incidents (%1)</source>
        <translation>Vorfälle (%1)</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Select a detection of a network first.</source>
        <translation>Wählen Sie zuerst eine Erkennung eines Netzes aus.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Filing an incident for %1…</source>
        <translation>Vorfall für %1 wird gemeldet…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Filed incident %1 for %2.</source>
        <translation>Vorfall %1 für %2 gemeldet.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Filing an incident for %1 refused: %2</source>
        <translation>Meldung eines Vorfalls für %1 abgelehnt: %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Select a network to see its telemetry.</source>
        <translation>Wählen Sie ein Netz, um seine Telemetrie zu sehen.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>This network failed to provision: %1
It carries no traffic and has no telemetry.</source>
        <translation>Die Bereitstellung dieses Netzes ist fehlgeschlagen: %1
Es trägt keinen Verkehr und hat keine Telemetrie.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>p99 RTT: %1 µs (estimated)</source>
        <translation>p99-RTT: %1 µs (geschätzt)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ECN-CE marked: %1 % of packets</source>
        <translation>ECN-CE-markiert: %1 % der Pakete</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Retransmits: %1 per second</source>
        <translation>Neuübertragungen: %1 je Sekunde</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Loss: %1 %</source>
        <translation>Verlust: %1 %</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collective hang suspects: %1</source>
        <translation>Verdächtige für hängende Collectives: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 samples from %2</source>
        <translation>%1 Messungen von %2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Connect and select a network first.</source>
        <translation>Bitte zuerst verbinden und ein Netz wählen.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The Intents dock shows no reviewed version: submit and approve it first.</source>
        <translation>Das Intents-Fenster zeigt keine geprüfte Version: bitte zuerst einreichen und genehmigen.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Apply intent %1 of cluster %2 to network %3 (cluster %4) on %5?

The service decides with the role of the token this window is connected with.</source>
        <translation>Intent %1 von Cluster %2 auf Netz %3 (Cluster %4) bei %5 anwenden?

Der Dienst entscheidet anhand der Rolle des Tokens, mit dem dieses Fenster verbunden ist.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Push to %1 cancelled.</source>
        <translation>Übertragung an %1 abgebrochen.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Pushing to %1…</source>
        <translation>Übertrage an %1…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: intent v%2 %3.</source>
        <translation>%1: Intent v%2 %3.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>applied</source>
        <translation>angewendet</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>already applied</source>
        <translation>bereits angewendet</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: push refused: %2</source>
        <translation>%1: Übertragung abgelehnt: %2</translation>
    </message>
</context>
<context>
    <name>Railyard::DesignComparisonDialog</name>
    <message>
        <location filename="../views/dialogs/designcomparisondialog.cpp" line="+46"/>
        <source>Compare Designs</source>
        <translation>Entwürfe vergleichen</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Add Designs…</source>
        <translation>Entwürfe &amp;hinzufügen…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A job placed on each design alone: its step communication time</source>
        <translation>Ein Job, allein auf jedem Entwurf platziert: seine Kommunikationszeit pro Schritt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No job</source>
        <translation>Kein Job</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Job file…</source>
        <translation>Job-Datei…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Also run a failure study on each design and compare bisection (and the job&apos;s step slowdown) at p50, p95 and p99</source>
        <translation>Zusätzlich auf jedem Entwurf eine Ausfallstudie ausführen und die Bisektion (und die Schrittverlangsamung des Jobs) bei p50, p95 und p99 vergleichen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not compared</source>
        <translation>Nicht verglichen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>N-1: every single switch and link failure</source>
        <translation>N-1: jeder einzelne Ausfall eines Switches oder Links</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Monte Carlo: 1,000 scenarios at the default failure rates</source>
        <translation>Monte Carlo: 1.000 Szenarien mit den Standard-Ausfallraten</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Job:</source>
        <translation>&amp;Job:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Resilience:</source>
        <translation>&amp;Resilienz:</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>A: %1 (this design)</source>
        <translation>A: %1 (dieser Entwurf)</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Designs to Compare</source>
        <translation>Zu vergleichende Entwürfe</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot Read a Design</source>
        <translation>Ein Entwurf kann nicht gelesen werden</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Job to Place on Each Design</source>
        <translation>Job, der auf jedem Entwurf platziert wird</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Training job (*.job.json);;All files (*)</source>
        <translation>Trainingsjob (*.job.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot Read the Job</source>
        <translation>Job kann nicht gelesen werden</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 (file)</source>
        <translation>%1 (Datei)</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>A: %1</source>
        <translation>A: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+49"/>
        <source>Add designs to compare with this one.</source>
        <translation>Fügen Sie Entwürfe hinzu, um sie mit diesem zu vergleichen.</translation>
    </message>
    <message>
        <location line="-49"/>
        <source>Comparing…</source>
        <translation>Wird verglichen…</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>%1: no step time: %2</source>
        <translation>%1: keine Schrittzeit: %2</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power</source>
        <translation>Leistung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Switches</source>
        <translation>Switches</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Optics</source>
        <translation>Optiken</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bisection</source>
        <translation>Bisektion</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bisection p99 under failures</source>
        <translation>Bisektion p99 bei Ausfällen</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Relative to %1 (= 100 %)</source>
        <translation>Relativ zu %1 (= 100 %)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>% of A</source>
        <translation>% von A</translation>
    </message>
</context>
<context>
    <name>Railyard::DesignComparisonModel</name>
    <message>
        <location filename="../views/dialogs/designcomparisonmodel.cpp" line="+65"/>
        <source>%1: the reference design</source>
        <translation>%1: der Referenzentwurf</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Same as %1</source>
        <translation>Wie %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 %2 than %3</source>
        <translation>%1 %2 als %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>higher</source>
        <translation>höher</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>lower</source>
        <translation>niedriger</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Switches, all</source>
        <translation>Switches, alle</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+2"/>
        <source>Switches, %1</source>
        <translation>Switches, %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cables</source>
        <translation>Kabel</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Optics (transceivers)</source>
        <translation>Optiken (Transceiver)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cost (%1)</source>
        <translation>Kosten (%1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Power (kW)</source>
        <translation>Leistung (kW)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bisection (Tbit/s)</source>
        <translation>Bisektion (Tbit/s)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bisection, share of full</source>
        <translation>Bisektion, Anteil am Vollen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Oversubscription, %1 (:1)</source>
        <translation>Überbuchung, %1 (:1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Step communication, ideal routing (ms)</source>
        <translation>Kommunikation pro Schritt, ideales Routing (ms)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Step communication, as routed (ms)</source>
        <translation>Kommunikation pro Schritt, wie geroutet (ms)</translation>
    </message>
</context>
<context>
    <name>Railyard::EditActions</name>
    <message>
        <location filename="../views/editactions.cpp" line="+34"/>
        <source>&amp;Draw</source>
        <translation>&amp;Zeichnen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Drawing Tools</source>
        <translation>Zeichenwerkzeuge</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Edit Mode</source>
        <translation>Bearbeitungs&amp;modus</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>E</source>
        <translation>E</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit mode (E): draw and change the fabric on the canvas</source>
        <translation>Bearbeitungsmodus (E): die Fabric auf der Zeichenfläche zeichnen und ändern</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&amp;Select</source>
        <translation>&amp;Auswählen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>V</source>
        <translation>V</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Select, move and pin (V)</source>
        <translation>Auswählen, verschieben und fixieren (V)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add &amp;Host</source>
        <translation>&amp;Host hinzufügen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>H</source>
        <translation>H</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Add a host: click near its rack (H)</source>
        <translation>Einen Host hinzufügen: in die Nähe seines Racks klicken (H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add S&amp;witch</source>
        <translation>&amp;Switch hinzufügen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>S</source>
        <translation>S</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Add a switch: click on its tier&apos;s row (S)</source>
        <translation>Einen Switch hinzufügen: auf die Reihe seiner Ebene klicken (S)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add R&amp;ack</source>
        <translation>Rac&amp;k hinzufügen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>R</source>
        <translation>R</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Add a rack of hosts: click near the racks (R)</source>
        <translation>Ein Rack mit Hosts hinzufügen: in die Nähe der Racks klicken (R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Connect</source>
        <translation>&amp;Verbinden</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>C</source>
        <translation>C</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connect two nodes: click one, then the other; Shift+click to choose capacity and ports (C)</source>
        <translation>Zwei Knoten verbinden: einen anklicken, dann den anderen; Umschalt+Klick, um Kapazität und Ports zu wählen (C)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>X</source>
        <translation>X</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Delete the element clicked (X)</source>
        <translation>Das angeklickte Element löschen (X)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Con&amp;nect…</source>
        <translation>Verbinden mit &amp;Dialog…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Shift+C</source>
        <translation>Shift+C</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connect two nodes (the two selected, if any), choosing capacity and ports</source>
        <translation>Zwei Knoten verbinden (die beiden ausgewählten, falls vorhanden) und dabei Kapazität und Ports wählen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>De&amp;lete Selection</source>
        <translation>Auswahl &amp;entfernen</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Duplicate &amp;Rack</source>
        <translation>&amp;Rack duplizieren</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Ctrl+D</source>
        <translation>Ctrl+D</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the rack of the selected host: new ids, wired to the same switches</source>
        <translation>Das Rack des ausgewählten Hosts kopieren: neue IDs, an dieselben Switches angeschlossen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Duplicate Scalable &amp;Unit</source>
        <translation>Scalable &amp;Unit duplizieren</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Ctrl+Shift+D</source>
        <translation>Ctrl+Shift+D</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the scalable unit of the selected host or leaf, wired to the same spines</source>
        <translation>Die Scalable Unit des ausgewählten Hosts oder Leafs kopieren, an dieselben Spines angeschlossen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add Spine &amp;Plane</source>
        <translation>Spine-&amp;Plane hinzufügen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Ctrl+Shift+P</source>
        <translation>Ctrl+Shift+P</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the spines of the selected spine&apos;s plane (or plane 0) as a new plane</source>
        <translation>Die Spines der Plane des ausgewählten Spines (oder von Plane 0) als neue Plane kopieren</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Re-ca&amp;ble…</source>
        <translation>Neu verka&amp;beln…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move one end of the selected link to another node or port</source>
        <translation>Ein Ende des ausgewählten Links an einen anderen Knoten oder Port umstecken</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unp&amp;in</source>
        <translation>Fi&amp;xierung lösen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+U</source>
        <translation>Ctrl+U</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Return the selected nodes to the automatic layout</source>
        <translation>Die ausgewählten Knoten wieder automatisch anordnen</translation>
    </message>
</context>
<context>
    <name>Railyard::EditDialog</name>
    <message>
        <location filename="../views/dialogs/connectdialog.cpp" line="-145"/>
        <source>lowest free</source>
        <translation>niedrigster freier</translation>
    </message>
    <message>
        <location filename="../views/dialogs/editdialog.cpp" line="+141"/>
        <source>Enter an id.</source>
        <translation>Geben Sie eine ID ein.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>An id cannot begin or end with spaces.</source>
        <translation>Eine ID darf nicht mit Leerzeichen beginnen oder enden.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is already used by another element.</source>
        <translation>%1 wird schon von einem anderen Element verwendet.</translation>
    </message>
    <message>
        <location filename="../views/dialogs/hostshapefields.cpp" line="+39"/>
        <source>Scale-out NICs, one per rail (NIC r serves rail r)</source>
        <translation>Scale-out-NICs, eine je Rail (NIC r bedient Rail r)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> Gbit/s</source>
        <translation> Gbit/s</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>2 for dual-ToR NICs (each port carries half the NIC speed)</source>
        <translation>2 für Dual-ToR-NICs (jeder Port trägt die halbe NIC-Geschwindigkeit)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU model</source>
        <translation>GPU-Modell</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NICs (rails)</source>
        <translation>NICs (Rails)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NIC speed</source>
        <translation>NIC-Geschwindigkeit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ports per NIC</source>
        <translation>Ports je NIC</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Enter a GPU model.</source>
        <translation>Geben Sie ein GPU-Modell ein.</translation>
    </message>
    <message>
        <location filename="../views/dialogs/locationfields.cpp" line="+16"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Zone</source>
        <translation>Zone</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scalable unit</source>
        <translation>Scalable Unit (SU)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rack</source>
        <translation>Rack</translation>
    </message>
</context>
<context>
    <name>Railyard::EditOperations</name>
    <message>
        <location filename="../views/editoperations.cpp" line="+52"/>
        <source>Added host %1</source>
        <translation>Host %1 hinzugefügt</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Added switch %1</source>
        <translation>Switch %1 hinzugefügt</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Added rack %1 with 1 host</source>
        <translation>Rack %1 mit 1 Host hinzugefügt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Added rack %1 with %2 hosts</source>
        <translation>Rack %1 mit %2 Hosts hinzugefügt</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Connected %1 (port %2) to %3 (port %4) at %5 Gbit/s</source>
        <translation>%1 (Port %2) mit %3 (Port %4) verbunden, %5 Gbit/s</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Delete %1?</source>
        <translation>%1 löschen?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete %1 and its link?</source>
        <translation>%1 und seinen Link löschen?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete %1 and its %2 links?</source>
        <translation>%1 und seine %2 Links löschen?</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Delete %1 elements?</source>
        <translation>%1 Elemente löschen?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete %1 elements and their link?</source>
        <translation>%1 Elemente und ihren Link löschen?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete %1 elements and their %2 links?</source>
        <translation>%1 Elemente und ihre %2 Links löschen?</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+2"/>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>You can undo this.</source>
        <translation>Das lässt sich rückgängig machen.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Deleted %1</source>
        <translation>%1 gelöscht</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deleted %1 elements</source>
        <translation>%1 Elemente gelöscht</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Duplicated rack %1 as %2</source>
        <translation>Rack %1 als %2 dupliziert</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Duplicated scalable unit %1 as %2</source>
        <translation>Scalable Unit %1 als %2 dupliziert</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Added a spine plane copied from plane %1</source>
        <translation>Spine-Plane als Kopie von Plane %1 hinzugefügt</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Re-cabled %1</source>
        <translation>%1 neu verkabelt</translation>
    </message>
</context>
<context>
    <name>Railyard::EditTool</name>
    <message>
        <location filename="../views/canvas/edittool.cpp" line="+37"/>
        <source>Select</source>
        <translation>Auswählen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add host</source>
        <translation>Host hinzufügen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add switch</source>
        <translation>Switch hinzufügen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add rack</source>
        <translation>Rack hinzufügen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connect</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>Edit mode: click to select, Ctrl+click to add or remove, drag on empty space to select a rectangle, drag a node to move and pin it. Middle button or Space+drag pans.</source>
        <translation>Bearbeitungsmodus: Klick wählt aus, Strg+Klick fügt hinzu oder entfernt, Ziehen auf freier Fläche wählt ein Rechteck, Ziehen eines Knotens verschiebt und fixiert ihn. Mittlere Taste oder Leertaste+Ziehen verschiebt die Ansicht.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add host: click near the rack the host goes into.</source>
        <translation>Host hinzufügen: in die Nähe des Racks klicken, in das der Host kommt.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add switch: click on the row of its tier (leaves, spines, …); above the top row adds a tier.</source>
        <translation>Switch hinzufügen: auf die Reihe seiner Ebene klicken (Leafs, Spines, …); über der obersten Reihe entsteht eine neue Ebene.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add rack: click near the racks the new one joins.</source>
        <translation>Rack hinzufügen: in die Nähe der Racks klicken, zu denen das neue kommt.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connect: click the first node.</source>
        <translation>Verbinden: den ersten Knoten anklicken.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connect: click the node to connect %1 to (Shift+click: choose capacity and ports; Esc cancels).</source>
        <translation>Verbinden: den Knoten anklicken, mit dem %1 verbunden wird (Umschalt+Klick: Kapazität und Ports wählen; Esc bricht ab).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete: click the element to delete.</source>
        <translation>Löschen: das zu löschende Element anklicken.</translation>
    </message>
    <message>
        <location line="+312"/>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add &amp;Host Here…</source>
        <translation>&amp;Host hier hinzufügen…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add &amp;Switch Here…</source>
        <translation>&amp;Switch hier hinzufügen…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add &amp;Rack Here…</source>
        <translation>&amp;Rack hier hinzufügen…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Re-&amp;cable %1…</source>
        <translation>%1 neu &amp;verkabeln…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Connect %1 to…</source>
        <translation>%1 ver&amp;binden mit…</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Duplicate &amp;Rack %1</source>
        <translation>&amp;Rack %1 duplizieren</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Duplicate Scalable &amp;Unit %1</source>
        <translation>Scalable &amp;Unit %1 duplizieren</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add Spine &amp;Plane (Copy of Plane %1)</source>
        <translation>Spine-&amp;Plane hinzufügen (Kopie von Plane %1)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>U&amp;npin %1</source>
        <translation>Fi&amp;xierung von %1 lösen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>U&amp;npin %1 Nodes</source>
        <translation>Fi&amp;xierung von %1 Knoten lösen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Delete %1…</source>
        <translation>%1 &amp;löschen…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Delete %1 Selected Elements…</source>
        <translation>%1 ausgewählte Elemente &amp;löschen…</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>Edit · %1</source>
        <translation>Bearbeiten · %1</translation>
    </message>
</context>
<context>
    <name>Railyard::EngineComparisonModel</name>
    <message>
        <location filename="../views/docks/enginecomparisonmodel.cpp" line="+37"/>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>failed: %1</source>
        <translation>fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 of %2%3</source>
        <translation>%1 von %2%3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, %1 loops</source>
        <translation>, %1 Schleifen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>perfect</source>
        <translation>perfekt</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>uneven: %1</source>
        <translation>ungleich: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>HCA pairs whose path the tables deliver (loops counted apart)</source>
        <translation>HCA-Paare, deren Pfad die Tabellen zustellen (Schleifen gesondert gezählt)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HCA destinations per switch port, per tier and direction (OpenSM&apos;s criterion)</source>
        <translation>HCA-Ziele je Switch-Port, je Ebene und Richtung (das Kriterium von OpenSM)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shift pattern&apos;s delivered bandwidth as a share of the min-cut bisection</source>
        <translation>Die zugestellte Bandbreite des Shift-Musters als Anteil der Min-Cut-Bisektion</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Random bisections: mean (5th percentile) share of the min-cut bisection</source>
        <translation>Zufällige Bisektionen: mittlerer Anteil (5. Perzentil) an der Min-Cut-Bisektion</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The current job&apos;s step communication time under these tables</source>
        <translation>Kommunikationszeit je Schritt des aktuellen Jobs unter diesen Tabellen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OpenSM&apos;s run to SUBNET UP under ibsim</source>
        <translation>Lauf von OpenSM bis SUBNET UP unter ibsim</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paths routed</source>
        <translation>Geroutete Pfade</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Balance</source>
        <translation>Balance</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shift</source>
        <translation>Shift</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Random (p5)</source>
        <translation>Zufällig (p5)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job step</source>
        <translation>Job-Schritt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OpenSM</source>
        <translation>OpenSM</translation>
    </message>
</context>
<context>
    <name>Railyard::ExploreResultModel</name>
    <message>
        <location filename="../views/dialogs/exploremodel.cpp" line="+54"/>
        <source>An upper bound: the analysis found no exact method for this design.</source>
        <translation>Eine obere Schranke: Die Analyse hat für diesen Entwurf keine exakte Methode gefunden.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A model estimate: the jobs&apos; step communication time as the fabric routes.</source>
        <translation>Eine Modellschätzung: die Kommunikationszeit je Schritt der Jobs, wie die Fabric routet.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Double-click to open this design as a new document.</source>
        <translation>Doppelklicken, um diesen Entwurf als neues Dokument zu öffnen.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 kW</source>
        <translation>%1 kW</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 %%2</source>
        <translation>%1 %%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> (bound)</source>
        <translation> (Schranke)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Design</source>
        <translation>Entwurf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tiers</source>
        <translation>Ebenen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Switches</source>
        <translation>Switches</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power</source>
        <translation>Leistung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bisection</source>
        <translation>Bisektion</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step (estimate)</source>
        <translation>Schritt (Schätzung)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Front</source>
        <translation>Pareto-Front</translation>
    </message>
</context>
<context>
    <name>Railyard::ExplorerDialog</name>
    <message>
        <location filename="../views/dialogs/explorerdialog.cpp" line="+55"/>
        <source>Explore Designs</source>
        <translation>Entwürfe erkunden</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No requirements loaded: open a *.explore.json file (docs/explore.md).</source>
        <translation>Keine Anforderungen geladen: Öffnen Sie eine *.explore.json-Datei (docs/explore.md).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Open Requirements…</source>
        <translation>Anforderungen ö&amp;ffnen…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Explore</source>
        <translation>E&amp;rkunden</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Scoring candidates: %v of %m</source>
        <translation>Kandidaten werden bewertet: %v von %m</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Open Requirements</source>
        <translation>Anforderungen öffnen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Design requirements (*.explore.json);;All files (*)</source>
        <translation>Entwurfsanforderungen (*.explore.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 %3 GPUs%4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2 %3 GPUs%4</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>; jobs: %1</source>
        <translation>; Jobs: %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Exploring…</source>
        <translation>Wird erkundet…</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>The exploration failed: %1</source>
        <translation>Die Erkundung ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No design meets the requirements. %1</source>
        <translation>Kein Entwurf erfüllt die Anforderungen. %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 candidates: %2 pruned by closed forms, %3 scored (%4 from the cache), %5 meet every constraint, %6 on the Pareto front. Step times are model estimates.</source>
        <translation>%1 Kandidaten: %2 durch geschlossene Formeln ausgeschieden, %3 bewertet (%4 aus dem Cache), %5 erfüllen alle Vorgaben, %6 auf der Pareto-Front. Schrittzeiten sind Modellschätzungen.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Cost against the jobs&apos; step time (colour: power, size: bisection)</source>
        <translation>Kosten gegen die Schrittzeit der Jobs (Farbe: Leistung, Größe: Bisektion)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost against bisection (colour: power)</source>
        <translation>Kosten gegen Bisektion (Farbe: Leistung)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1–%2 kW</source>
        <translation>%1–%2 kW</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Pareto front</source>
        <translation>Pareto-Front</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>front</source>
        <translation>Front</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>cost (million %1)</source>
        <translation>Kosten (Millionen %1)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>step, ms (estimate)</source>
        <translation>Schritt, ms (Schätzung)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bisection, % of full</source>
        <translation>Bisektion, % des Vollwerts</translation>
    </message>
</context>
<context>
    <name>Railyard::ExportPictureDialog</name>
    <message>
        <location filename="../views/dialogs/exportpicturedialog.cpp" line="+19"/>
        <source>Export Picture</source>
        <translation>Bild exportieren</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The visible view</source>
        <translation>Die sichtbare Ansicht</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The whole fabric</source>
        <translation>Die ganze Fabric</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Export:</source>
        <translation>&amp;Exportieren:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Size:</source>
        <translation>&amp;Größe:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>As the size gives</source>
        <translation>Wie die Größe es ergibt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pods</source>
        <translation>Pods</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scalable units</source>
        <translation>Scalable Units</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Racks and switches</source>
        <translation>Racks und Switches</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every host and link</source>
        <translation>Jeder Host und Link</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Detail:</source>
        <translation>&amp;Detailstufe:</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>The whole fabric fitted to the picture. Every host and link of a large fabric makes a large file.</source>
        <translation>Die ganze Fabric, auf das Bild eingepasst. Jeder Host und Link einer großen Fabric ergibt eine große Datei.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What the canvas shows now, scaled to the picture. A PDF fills an A3 page.</source>
        <translation>Was die Zeichenfläche jetzt zeigt, auf das Bild skaliert. Ein PDF füllt eine A3-Seite.</translation>
    </message>
</context>
<context>
    <name>Railyard::FabricCanvas</name>
    <message numerus="yes">
        <location filename="../views/canvas/fabriccanvaspainter.cpp" line="+223"/>
        <source>%n link(s) · %1</source>
        <translation>
            <numerusform>%n Link · %1</numerusform>
            <numerusform>%n Links · %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+103"/>
        <source>%1 hosts · %2 GPUs</source>
        <translation>%1 Hosts · %2 GPUs</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 switches</source>
        <translation>%1 Switches</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · %1 failed</source>
        <translation> · %1 ausgefallen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 hosts %3</source>
        <translation>%1 von %2 Hosts %3</translation>
    </message>
    <message>
        <location line="+172"/>
        <source>≤ 1:1</source>
        <translation>≤ 1:1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>≤ 2:1</source>
        <translation>≤ 2:1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>≤ 4:1</source>
        <translation>≤ 4:1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&gt; 4:1</source>
        <translation>&gt; 4:1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>top tier</source>
        <translation>oberste Ebene</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed (dashed), degraded (dotted)</source>
        <translation>ausgefallen (gestrichelt), eingeschränkt (gepunktet)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bisection cut</source>
        <translation>Bisektionsschnitt</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Switch oversubscription (down : up)</source>
        <translation>Switch-Überbuchung (abwärts : aufwärts)</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Link utilization</source>
        <translation>Linkauslastung</translation>
    </message>
    <message>
        <location filename="../views/canvas/fabriccanvas.cpp" line="+267"/>
        <source>Open a fabric or create one from a template</source>
        <translation>Öffnen Sie eine Fabric oder erstellen Sie eine aus einer Vorlage</translation>
    </message>
    <message>
        <location line="+280"/>
        <source>Restore %1</source>
        <translation>%1 wiederherstellen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Fail %1</source>
        <translation>%1 ausfallen lassen</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>switch %1</source>
        <translation>Switch %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>links of host %1</source>
        <translation>Links von Host %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>link %1</source>
        <translation>Link %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>rack %1</source>
        <translation>Rack %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>pod %1</source>
        <translation>Pod %1</translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>%1 (%n elements)</source>
        <translation>
            <numerusform>%1 (%n Element)</numerusform>
            <numerusform>%1 (%n Elemente)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Restore All</source>
        <translation>Alle wiederherstellen</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 × %3 GPUs, NVLink %4 GB/s per GPU&lt;br&gt;%5 NICs, %6 injection&lt;br&gt;rack %7, %8, %9</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 × %3 GPUs, NVLink %4 GB/s je GPU&lt;br&gt;%5 NICs, %6 Injektionsbandbreite&lt;br&gt;Rack %7, %8, %9</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2, radix %3, %4 links used&lt;br&gt;%5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2, Radix %3, %4 Links belegt&lt;br&gt;%5</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&lt;br&gt;down %1, up %2</source>
        <translation>&lt;br&gt;abwärts %1, aufwärts %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;br&gt;oversubscription %1:1</source>
        <translation>&lt;br&gt;Überbuchung %1:1</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+8"/>
        <source>&lt;br&gt;&lt;b&gt;failed (what-if)&lt;/b&gt;</source>
        <translation>&lt;br&gt;&lt;b&gt;ausgefallen (Was-wäre-wenn)&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 ↔ %3&lt;br&gt;%4 per direction, %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 ↔ %3&lt;br&gt;%4 je Richtung, %5</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&lt;br&gt;utilization %1 % (%2)</source>
        <translation>&lt;br&gt;Auslastung %1 % (%2)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&lt;br&gt;&lt;b&gt;Live&lt;/b&gt;</source>
        <translation>&lt;br&gt;&lt;b&gt;Live&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../views/canvas/fabriccanvaselements.cpp" line="+26"/>
        <source>host</source>
        <translation>Host</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leaf</source>
        <translation>Leaf</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>leaves</source>
        <translation>Leaves</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>spine</source>
        <translation>Spine</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>spines</source>
        <translation>Spines</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>core switch</source>
        <translation>Core-Switch</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>core switches</source>
        <translation>Core-Switches</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>switch</source>
        <translation>Switch</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>switches</source>
        <translation>Switches</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>NVL%1</source>
        <translation>NVL%1</translation>
    </message>
    <message>
        <location line="+472"/>
        <source>%1 %2 %3</source>
        <translation>%1 %2 %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 %2 %3 of %4</source>
        <translation>%1 %2 %3 in %4</translation>
    </message>
</context>
<context>
    <name>Railyard::FabricDocument</name>
    <message>
        <location filename="../core/document/fabricdocument.cpp" line="+45"/>
        <source>Untitled</source>
        <translation>Unbenannt</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Fail %1</source>
        <translation>%1 ausfallen lassen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restore %1</source>
        <translation>%1 wiederherstellen</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Fail %n elements</source>
        <translation>
            <numerusform>%n Element ausfallen lassen</numerusform>
            <numerusform>%n Elemente ausfallen lassen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Restore %n elements</source>
        <translation>
            <numerusform>%n Element wiederherstellen</numerusform>
            <numerusform>%n Elemente wiederherstellen</numerusform>
        </translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Restore All</source>
        <translation>Alle wiederherstellen</translation>
    </message>
    <message>
        <location filename="../core/document/commands.cpp" line="+32"/>
        <source>Restore %1 to full rate</source>
        <translation>%1 wieder mit voller Rate betreiben</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take %1 down</source>
        <translation>%1 außer Betrieb nehmen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Degrade %1 to %2 Gbit/s</source>
        <translation>%1 auf %2 Gbit/s drosseln</translation>
    </message>
    <message>
        <location filename="../core/document/fabricdocumentedits.cpp" line="+199"/>
        <source>%1 refused: %2</source>
        <translation>%1 abgelehnt: %2</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%1 refused: %n problem(s)</source>
        <translation>
            <numerusform>%1 abgelehnt: %n Problem</numerusform>
            <numerusform>%1 abgelehnt: %n Probleme</numerusform>
        </translation>
    </message>
    <message>
        <location line="+27"/>
        <source>A host needs an id.</source>
        <translation>Ein Host braucht eine ID.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add host %1</source>
        <translation>Host %1 hinzufügen</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>A switch needs an id.</source>
        <translation>Ein Switch braucht eine ID.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add switch %1</source>
        <translation>Switch %1 hinzufügen</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Add rack %1</source>
        <translation>Rack %1 hinzufügen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A rack needs a name.</source>
        <translation>Ein Rack braucht einen Namen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 refused: a rack holds 1 to 1024 hosts, not %2.</source>
        <translation>%1 abgelehnt: ein Rack fasst 1 bis 1024 Hosts, nicht %2.</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+3"/>
        <source>%1 refused: rack &apos;%2&apos; already exists.</source>
        <translation>%1 abgelehnt: Rack &apos;%2&apos; gibt es schon.</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Connect %1 to %2</source>
        <translation>%1 mit %2 verbinden</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+196"/>
        <source>%1 refused: there is no host or switch &apos;%2&apos;.</source>
        <translation>%1 abgelehnt: es gibt keinen Host oder Switch &apos;%2&apos;.</translation>
    </message>
    <message>
        <location line="-194"/>
        <location line="+135"/>
        <source>%1 refused: the capacity must be a positive number of Gbit/s.</source>
        <translation>%1 abgelehnt: die Kapazität muss eine positive Zahl in Gbit/s sein.</translation>
    </message>
    <message>
        <location line="-133"/>
        <location line="+5"/>
        <source>%1 refused: switch &apos;%2&apos; has no free port.</source>
        <translation>%1 abgelehnt: Switch &apos;%2&apos; hat keinen freien Port.</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+5"/>
        <source>%1 refused: host &apos;%2&apos; has no free NIC port.</source>
        <translation>%1 abgelehnt: Host &apos;%2&apos; hat keinen freien NIC-Port.</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Delete refused: there is no element &apos;%1&apos;.</source>
        <translation>Löschen abgelehnt: es gibt kein Element &apos;%1&apos;.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Delete %1</source>
        <translation>%1 löschen</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Delete %n elements</source>
        <translation>
            <numerusform>%n Element löschen</numerusform>
            <numerusform>%n Elemente löschen</numerusform>
        </translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Rename %1 to %2</source>
        <translation>%1 in %2 umbenennen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 refused: an id cannot be empty.</source>
        <translation>%1 abgelehnt: eine ID darf nicht leer sein.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 refused: the id &apos;%2&apos; is already used.</source>
        <translation>%1 abgelehnt: die ID &apos;%2&apos; wird schon verwendet.</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+44"/>
        <location filename="../core/document/inferenceoverride.cpp" line="+80"/>
        <source>%1 refused: there is no element &apos;%2&apos;.</source>
        <translation>%1 abgelehnt: es gibt kein Element &apos;%2&apos;.</translation>
    </message>
    <message>
        <location line="-25"/>
        <source>Edit %1</source>
        <translation>%1 bearbeiten</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Edit %n elements</source>
        <translation>
            <numerusform>%n Element bearbeiten</numerusform>
            <numerusform>%n Elemente bearbeiten</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 refused: a radix is 1 to 65536 ports.</source>
        <translation>%1 abgelehnt: ein Radix hat 1 bis 65536 Ports.</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Re-cable %1 to %2</source>
        <translation>%1 an %2 umstecken</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 refused: there is no link &apos;%2&apos;.</source>
        <translation>%1 abgelehnt: es gibt keinen Link &apos;%2&apos;.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 refused: a link has ends 0 (a) and 1 (b).</source>
        <translation>%1 abgelehnt: ein Link hat die Enden 0 (a) und 1 (b).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 refused: &apos;%2&apos; has no free port.</source>
        <translation>%1 abgelehnt: &apos;%2&apos; hat keinen freien Port.</translation>
    </message>
    <message>
        <location filename="../core/document/fabricdocumentstructure.cpp" line="+47"/>
        <source>Duplicate rack refused: there is no rack &apos;%1&apos;.</source>
        <translation>Rack duplizieren abgelehnt: es gibt kein Rack &apos;%1&apos;.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Duplicate scalable unit refused: there is no scalable unit &apos;%1&apos;.</source>
        <translation>Scalable Unit duplizieren abgelehnt: es gibt keine Scalable Unit &apos;%1&apos;.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Duplicate scalable unit %1 as %2</source>
        <translation>Scalable Unit %1 als %2 duplizieren</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Duplicate rack %1 as %2</source>
        <translation>Rack %1 als %2 duplizieren</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>%1 refused: &apos;%2&apos; has no free port for the copy of link &apos;%3&apos;.</source>
        <translation>%1 abgelehnt: &apos;%2&apos; hat keinen freien Port für die Kopie von Link &apos;%3&apos;.</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Add spine plane %1</source>
        <translation>Spine-Plane %1 hinzufügen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 refused: plane %2 has no spine switches to copy.</source>
        <translation>%1 abgelehnt: Plane %2 hat keine Spine-Switches zum Kopieren.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 refused: &apos;%2&apos; has no free port for a link to the new spine %3.</source>
        <translation>%1 abgelehnt: &apos;%2&apos; hat keinen freien Port für einen Link zum neuen Spine %3.</translation>
    </message>
    <message>
        <location filename="../core/document/fabricdocumentedits.cpp" line="+85"/>
        <source>Move %1</source>
        <translation>%1 verschieben</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Move %n elements</source>
        <translation>
            <numerusform>%n Element verschieben</numerusform>
            <numerusform>%n Elemente verschieben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+17"/>
        <source>Unpin %n element(s)</source>
        <translation>
            <numerusform>Fixierung von %n Element lösen</numerusform>
            <numerusform>Fixierung von %n Elementen lösen</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/document/inferenceoverride.cpp" line="-2"/>
        <source>Override Inference for %1</source>
        <translation>Ableitung für %1 überschreiben</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 refused: &apos;%2&apos; is no tier (leaf, spine, core, switch).</source>
        <translation>%1 abgelehnt: &apos;%2&apos; ist keine Ebene (leaf, spine, core, switch).</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>%1 refused: &apos;%2&apos; is neither &quot;up&quot; nor a rate in Gb/s.</source>
        <translation>%1 abgelehnt: &apos;%2&apos; ist weder „up“ noch eine Rate in Gbit/s.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 refused: a host&apos;s rails follow its NIC order; reorder its NICs in the Properties dock.</source>
        <translation>%1 abgelehnt: die Rails eines Hosts folgen der Reihenfolge seiner NICs; ordnen Sie seine NICs im Eigenschaften-Dock neu an.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 refused: a node is a &quot;host&quot; or a &quot;switch&quot;.</source>
        <translation>%1 abgelehnt: ein Knoten ist ein „host“ oder ein „switch“.</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Make %1 a %2</source>
        <translation>%1 zum %2 machen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>host</source>
        <translation>Host</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>switch</source>
        <translation>Switch</translation>
    </message>
    <message>
        <location filename="../core/document/fabricdocumentjobs.cpp" line="+77"/>
        <source>Drop failure study</source>
        <translation>Ausfallstudie verwerfen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Keep failure study</source>
        <translation>Ausfallstudie behalten</translation>
    </message>
    <message>
        <location filename="../core/document/fabricdocumentfloor.cpp" line="+37"/>
        <source>Cannot move the rack: %1</source>
        <translation>Rack kann nicht verschoben werden: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move rack %1</source>
        <translation>Rack %1 verschieben</translation>
    </message>
</context>
<context>
    <name>Railyard::FloorDock</name>
    <message>
        <location filename="../views/docks/floordock.cpp" line="+42"/>
        <source>Floor</source>
        <translation>Fläche</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Place &amp;Automatically</source>
        <translation>&amp;Automatisch aufstellen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Places the racks anew: one scalable unit per row, the spine and core racks in the middle row (docs/floor.md). One undo step; the budgets are kept.</source>
        <translation>Stellt die Racks neu auf: eine Scalable Unit je Reihe, die Spine- und Core-Racks in der mittleren Reihe (docs/floor.md). Ein Rückgängig-Schritt; die Budgets bleiben.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>E&amp;xport Picture…</source>
        <translation>Bild e&amp;xportieren…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Budget a rack:</source>
        <translation>Budget je Rack:</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+8"/>
        <source> kW</source>
        <translation> kW</translation>
    </message>
    <message>
        <location line="-7"/>
        <location line="+8"/>
        <location line="+227"/>
        <source>none</source>
        <translation>keins</translation>
    </message>
    <message>
        <location line="-232"/>
        <source>a row:</source>
        <translation>je Reihe:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>air-cooled</source>
        <translation>luftgekühlt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>liquid-cooled</source>
        <translation>flüssigkeitsgekühlt</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Moved %1; lengths, parts, cost and power recomputed in %2 ms</source>
        <translation>%1 verschoben; Längen, Teile, Kosten und Leistung in %2 ms neu berechnet</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>Lengths, parts, cost and power computed in %1 ms</source>
        <translation>Längen, Teile, Kosten und Leistung in %1 ms berechnet</translation>
    </message>
    <message numerus="yes">
        <location line="+43"/>
        <source>The %n longest runs (select a rack or a device for its cables):</source>
        <translation>
            <numerusform>%n längste Strecke (ein Rack oder Gerät wählen für seine Kabel):</numerusform>
            <numerusform>Die %n längsten Strecken (ein Rack oder Gerät wählen für seine Kabel):</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n cables of the selection:</source>
        <translation>
            <numerusform>%n Kabel der Auswahl:</numerusform>
            <numerusform>%n Kabel der Auswahl:</numerusform>
        </translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The floor is shown while this dock is open.</source>
        <translation>Die Fläche wird gezeigt, solange dieses Dock offen ist.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No design open.</source>
        <translation>Kein Entwurf offen.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&lt;b&gt;Placed automatically&lt;/b&gt;: one scalable unit a row, spine and core racks in the middle row. Moving a rack makes the floor the design&apos;s own.</source>
        <translation>&lt;b&gt;Automatisch aufgestellt&lt;/b&gt;: eine Scalable Unit je Reihe, Spine- und Core-Racks in der mittleren Reihe. Wer ein Rack verschiebt, macht die Fläche zu der des Entwurfs.</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>&lt;b&gt;The design&apos;s own floor&lt;/b&gt;: %n rack(s) placed.</source>
        <translation>
            <numerusform>&lt;b&gt;Die Fläche des Entwurfs&lt;/b&gt;: %n Rack aufgestellt.</numerusform>
            <numerusform>&lt;b&gt;Die Fläche des Entwurfs&lt;/b&gt;: %n Racks aufgestellt.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;b&gt;Cables&lt;/b&gt;: %1 runs, the longest %2 m · %3 transceivers · cable cost %4 %5 · %6 kW at the cable ends</source>
        <translation>&lt;b&gt;Kabel&lt;/b&gt;: %1 Strecken, die längste %2 m · %3 Transceiver · Kabelkosten %4 %5 · %6 kW an den Kabelenden</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&lt;b&gt;Parts&lt;/b&gt;: %1</source>
        <translation>&lt;b&gt;Teile&lt;/b&gt;: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Power&lt;/b&gt;: %1 kW in %2 racks of %3 rows</source>
        <translation>&lt;b&gt;Leistung&lt;/b&gt;: %1 kW in %2 Racks in %3 Reihen</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n rack(s)</source>
        <translation>
            <numerusform>%n Rack</numerusform>
            <numerusform>%n Racks</numerusform>
        </translation>
    </message>
    <message>
        <location line="+0"/>
        <source> and </source>
        <translation> und </translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n Reihe</numerusform>
            <numerusform>%n Reihen</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source> over budget</source>
        <translation> über dem Budget</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n problem(s), listed in the Problems dock: %1</source>
        <translation>
            <numerusform>%n Problem, im Probleme-Dock aufgeführt: %1</numerusform>
            <numerusform>%n Probleme, im Probleme-Dock aufgeführt: %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Set the floor&apos;s power budget</source>
        <translation>Leistungsbudget der Fläche setzen</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Place the racks automatically</source>
        <translation>Racks automatisch aufstellen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no floor to export</source>
        <translation>keine Fläche zum Exportieren</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Railyard floor</source>
        <translation>Railyard-Fläche</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The data-hall floor exported from Railyard</source>
        <translation>Die aus Railyard exportierte Rechenzentrumsfläche</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+7"/>
        <source>Export the Floor</source>
        <translation>Fläche exportieren</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>PNG picture (*.png);;SVG drawing (*.svg);;PDF (*.pdf)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg);;PDF (*.pdf)</translation>
    </message>
</context>
<context>
    <name>Railyard::FloorRunsModel</name>
    <message>
        <location filename="../views/docks/floorrunsmodel.cpp" line="+70"/>
        <source>none reaches</source>
        <translation>keins reicht</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Link</source>
        <translation>Link</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To</source>
        <translation>Nach</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run (m)</source>
        <translation>Strecke (m)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stock (m)</source>
        <translation>Lagerlänge (m)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Part</source>
        <translation>Teil</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price</source>
        <translation>Preis</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Route</source>
        <translation>Weg</translation>
    </message>
</context>
<context>
    <name>Railyard::FloorView</name>
    <message>
        <location filename="../views/docks/floorview.cpp" line="+242"/>
        <source>No design open</source>
        <translation>Kein Entwurf offen</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1: %2 rows × %3 slots, rack %4 × %5 m, pitch %6 m</source>
        <translation>%1: %2 Reihen × %3 Plätze, Rack %4 × %5 m, Reihenabstand %6 m</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> · budget %1 kW a rack</source>
        <translation> · Budget %1 kW je Rack</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, %1 kW a row</source>
        <translation>, %1 kW je Reihe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>liquid-cooled</source>
        <translation>flüssigkeitsgekühlt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>air-cooled</source>
        <translation>luftgekühlt</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>%1 kW</source>
        <translation>%1 kW</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>≤ 80 % of budget</source>
        <translation>≤ 80 % des Budgets</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>80–100 %</source>
        <translation>80–100 %</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>over budget</source>
        <translation>über dem Budget</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no budget</source>
        <translation>kein Budget</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>copper</source>
        <translation>Kupfer</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>active copper</source>
        <translation>aktives Kupfer</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>active optical</source>
        <translation>aktiv optisch</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>multimode</source>
        <translation>Multimode</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>single mode</source>
        <translation>Singlemode</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no part reaches</source>
        <translation>kein Teil reicht</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>%1 m</source>
        <translation>%1 m</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;row %2, slot %3&lt;br&gt;%4 hosts, %5 switches&lt;br&gt;%6 kW</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Reihe %2, Platz %3&lt;br&gt;%4 Hosts, %5 Switches&lt;br&gt;%6 kW</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> of %1 kW (%2 %)</source>
        <translation> von %1 kW (%2 %)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;br&gt;hosts %1 kW, switches %2 kW, cable ends %3 kW</source>
        <translation>&lt;br&gt;Hosts %1 kW, Switches %2 kW, Kabelenden %3 kW</translation>
    </message>
</context>
<context>
    <name>Railyard::HealthAlarmModel</name>
    <message>
        <location filename="../views/docks/healthalarmmodel.cpp" line="+15"/>
        <source>×%1</source>
        <translation>×%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+58"/>
        <source>stalled</source>
        <translation>blockiert</translation>
    </message>
    <message numerus="yes">
        <location line="-49"/>
        <source>… (%n ranks)</source>
        <translation>
            <numerusform>… (%n Rang)</numerusform>
            <numerusform>… (%n Ränge)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 %2 as routed; %3 with adaptive routing</source>
        <translation>%1 %2 wie geroutet; %3 mit adaptivem Routing</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>interval %1</source>
        <translation>Intervall %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> at %1</source>
        <translation> um %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> (t+%1 s)</source>
        <translation> (t+%1 s)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (cleared at interval %1)</source>
        <translation> (aufgehoben in Intervall %1)</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>slowdown</source>
        <translation>Verlangsamung</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no job impact</source>
        <translation>ohne Auswirkung auf Jobs</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Severity</source>
        <translation>Schwere</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Element</source>
        <translation>Element</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Since</source>
        <translation>Seit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Jobs (predicted step slowdown)</source>
        <translation>Jobs (erwartete Verlangsamung je Schritt)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ranks</source>
        <translation>Ränge</translation>
    </message>
</context>
<context>
    <name>Railyard::HealthCharts</name>
    <message>
        <location filename="../views/docks/healthcharts.cpp" line="+45"/>
        <source>interval</source>
        <translation>Intervall</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>%1: throughput vs capacity</source>
        <translation>%1: Durchsatz und Kapazität</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Gbit/s</source>
        <translation>Gbit/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>running rate</source>
        <translation>aktuelle Rate</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>nominal rate</source>
        <translation>Nennrate</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: errors, ECN and PFC</source>
        <translation>%1: Fehler, ECN und PFC</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>per second</source>
        <translation>pro Sekunde</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>symbol + receive errors</source>
        <translation>Symbol- + Empfangsfehler</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ECN marks</source>
        <translation>ECN-Markierungen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PFC pauses</source>
        <translation>PFC-Pausen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>link down events</source>
        <translation>Link-Ausfälle</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 rank %2</source>
        <translation>%1 Rang %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: step time</source>
        <translation>%1: Schrittzeit</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>busy step time</source>
        <translation>aktive Schrittzeit</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: step counter</source>
        <translation>%1: Schrittzähler</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+1"/>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Select an alarm to see its series</source>
        <translation>Wählen Sie einen Alarm, um seine Zeitreihen zu sehen</translation>
    </message>
</context>
<context>
    <name>Railyard::HealthDock</name>
    <message>
        <location filename="../views/docks/healthdock.cpp" line="+50"/>
        <source>stalled</source>
        <translation>blockiert</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>Built-in Mapping (railyard-cli simulate, node_exporter)</source>
        <translation>Integrierte Zuordnung (railyard-cli simulate, node_exporter)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mapping File…</source>
        <translation>Zuordnungsdatei…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Open Prometheus Mapping</source>
        <translation>Prometheus-Zuordnung öffnen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prometheus mappings (*.json);;All files (*)</source>
        <translation>Prometheus-Zuordnungen (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Open Telemetry Recording</source>
        <translation>Telemetrie-Aufzeichnung öffnen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Telemetry recordings (*.jsonl *.json *.railyard);;All files (*)</source>
        <translation>Telemetrie-Aufzeichnungen (*.jsonl *.json *.railyard);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Health</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Simulator</source>
        <translation>Simulator</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replay of a recording</source>
        <translation>Wiedergabe einer Aufzeichnung</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Prometheus</source>
        <translation>Prometheus</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Inject</source>
        <translation>Einspeisen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>e.g. degrade:LINK:0.5@3; hang:rank:7@5</source>
        <translation>z. B. degrade:LINK:0.5@3; hang:rank:7@5</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+67"/>
        <source>Recording</source>
        <translation>Aufzeichnung</translation>
    </message>
    <message>
        <location line="-66"/>
        <location line="+61"/>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>Interval</source>
        <translation>Intervall</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Record into the project</source>
        <translation>Im Projekt aufzeichnen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep the telemetry as a recording in the open .railyard project (replay it as PROJECT.railyard#ID) and file the incidents there.</source>
        <translation>Die Telemetrie als Aufzeichnung im geöffneten .railyard-Projekt behalten (abspielbar als PROJEKT.railyard#ID) und die Vorfälle dort ablegen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pause</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>*.job.json files separated by &apos;;&apos; (empty: the project&apos;s jobs)</source>
        <translation>*.job.json-Dateien, getrennt durch „;“ (leer: die Jobs des Projekts)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Series</source>
        <translation>Zeitreihen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Evidence</source>
        <translation>Belege</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Actions</source>
        <translation>Maßnahmen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Incidents</source>
        <translation>Vorfälle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export Incident JSON…</source>
        <translation>Vorfall als JSON exportieren…</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Mapping…</source>
        <translation>Zuordnung…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Series-to-fabric mapping: the built-in one</source>
        <translation>Zuordnung von Zeitreihen zur Fabric: die integrierte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Series-to-fabric mapping: %1</source>
        <translation>Zuordnung von Zeitreihen zur Fabric: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose a recording</source>
        <translation>Aufzeichnung wählen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prometheus URL</source>
        <translation>Prometheus-URL</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>run.jsonl, or lab.railyard#ID (a project&apos;s recording)</source>
        <translation>run.jsonl oder lab.railyard#ID (die Aufzeichnung eines Projekts)</translation>
    </message>
    <message>
        <location line="+103"/>
        <source>Open a fabric first.</source>
        <translation>Öffnen Sie zuerst eine Fabric.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The simulator needs a job: open one in the Jobs dock or name a *.job.json file.</source>
        <translation>Der Simulator braucht einen Job: Öffnen Sie einen im Jobs-Dock oder nennen Sie eine *.job.json-Datei.</translation>
    </message>
    <message numerus="yes">
        <location line="+31"/>
        <source>%n interval(s) recorded into the project.</source>
        <translation>
            <numerusform>%n Intervall im Projekt aufgezeichnet.</numerusform>
            <numerusform>%n Intervalle im Projekt aufgezeichnet.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n incident(s) filed into the project.</source>
        <translation>
            <numerusform>%n Vorfall im Projekt abgelegt.</numerusform>
            <numerusform>%n Vorfälle im Projekt abgelegt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+17"/>
        <source>%n interval(s)</source>
        <translation>
            <numerusform>%n Intervall</numerusform>
            <numerusform>%n Intervallen</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Stopped.</source>
        <translation>Beendet.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Starting: placing the jobs and opening the source…</source>
        <translation>Start: Jobs werden platziert und die Quelle geöffnet…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live: %1 polled.</source>
        <translation>Live: %1 abgefragt.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 % of the links have no data: they are not watched. Check the source&apos;s mapping and that its rate() window spans two scrapes.</source>
        <translation>%1 % der Links haben keine Daten: Sie werden nicht überwacht. Prüfen Sie die Zuordnung der Quelle und ob ihr rate()-Fenster zwei Scrapes umfasst.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Paused after %1.</source>
        <translation>Angehalten nach %1.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stale: %1. Showing the last known state; no alarm is raised or cleared until the source answers.</source>
        <translation>Veraltet: %1. Gezeigt wird der letzte bekannte Zustand; bis die Quelle antwortet, wird kein Alarm ausgelöst oder aufgehoben.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Stale: the source ended (%1) after %2.</source>
        <translation>Veraltet: Die Quelle endete (%1) nach %2.</translation>
    </message>
    <message>
        <location line="+81"/>
        <source>&lt;p&gt;Rule &lt;b&gt;%1&lt;/b&gt; on &lt;b&gt;%2&lt;/b&gt;: first bad interval %3, raised at %4.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Regel &lt;b&gt;%1&lt;/b&gt; auf &lt;b&gt;%2&lt;/b&gt;: erstes auffälliges Intervall %3, ausgelöst bei %4.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Thresholds</source>
        <translation>Schwellenwerte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Observed</source>
        <translation>Beobachtet</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;p&gt;&lt;b&gt;Peers&lt;/b&gt;: %1, %2 members, median %3, MAD %4&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Vergleichsgruppe&lt;/b&gt;: %1, %2 Mitglieder, Median %3, MAD %4&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>gap</source>
        <translation>Lücke</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;p&gt;&lt;b&gt;Series&lt;/b&gt; from interval %1: %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Zeitreihe&lt;/b&gt; ab Intervall %1: %2&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;h3&gt;Recommended exclusions&lt;/h3&gt;&lt;p&gt;Hosts: %1&lt;br&gt;Links: %2&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Empfohlene Ausschlüsse&lt;/h3&gt;&lt;p&gt;Hosts: %1&lt;br&gt;Links: %2&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;h3&gt;Re-placement&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;Neuplatzierung&lt;/h3&gt;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;p&gt;No job needs to move.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Kein Job muss umziehen.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>now</source>
        <translation>jetzt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>after re-placement</source>
        <translation>nach Neuplatzierung</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>hosts moved</source>
        <translation>verschobene Hosts</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Step comm. time healthy</source>
        <translation>Komm.-Zeit je Schritt (intakt)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not placed: %1</source>
        <translation>nicht platziert: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt; does not fit beside the exclusions. Instead:&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt; lässt sich unter Berücksichtigung der Ausschlüsse nicht platzieren. Stattdessen:&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 · %2 · %3 (interval %4)</source>
        <translation>%1 · %2 · %3 (Intervall %4)</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Export Incident</source>
        <translation>Vorfall exportieren</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>Railyard::HealthMonitor</name>
    <message>
        <location filename="../views/healthmonitor.cpp" line="+80"/>
        <source>Fault %1: %2</source>
        <translation>Fehler %1: %2</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Cannot record into the project: %1</source>
        <translation>Aufzeichnung im Projekt nicht möglich: %1</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Not stored in the project: %1</source>
        <translation>Nicht im Projekt gespeichert: %1</translation>
    </message>
    <message>
        <location line="+118"/>
        <source>the source has not answered for %1 s</source>
        <translation>die Quelle hat seit %1 s nicht geantwortet</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>no data</source>
        <translation>keine Daten</translation>
    </message>
</context>
<context>
    <name>Railyard::HelpBrowser</name>
    <message>
        <location filename="../views/helpbrowser.cpp" line="+18"/>
        <source>Railyard Help</source>
        <translation>Railyard-Hilfe</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Back</source>
        <translation>&amp;Zurück</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Contents</source>
        <translation>&amp;Inhalt</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>The documentation was not found. It is installed with Railyard in share/doc/railyard, and is in the docs folder of its sources.</source>
        <translation>Die Dokumentation wurde nicht gefunden. Sie wird mit Railyard in share/doc/railyard installiert und liegt im Ordner docs seiner Quellen.</translation>
    </message>
</context>
<context>
    <name>Railyard::ImageExporter</name>
    <message>
        <location filename="../views/export/imageexporter.cpp" line="+48"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>cannot write the PNG file</source>
        <translation>die PNG-Datei kann nicht geschrieben werden</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>Fabric topology exported from Railyard</source>
        <translation>Aus Railyard exportierte Fabric-Topologie</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>cannot write the SVG file</source>
        <translation>die SVG-Datei kann nicht geschrieben werden</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>cannot write the PDF file</source>
        <translation>die PDF-Datei kann nicht geschrieben werden</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>unknown picture format &apos;%1&apos; (use png, svg or pdf)</source>
        <translation>unbekanntes Bildformat „%1“ (png, svg oder pdf verwenden)</translation>
    </message>
</context>
<context>
    <name>Railyard::IntentEnforcementWidget</name>
    <message>
        <location filename="../views/docks/intentenforcementwidget.cpp" line="+23"/>
        <source>Check on OpenSM</source>
        <translation>Mit OpenSM prüfen</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Subnet manager:</source>
        <translation>Subnet-Manager:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Run the real OpenSM on this fabric under ibsim with the intent&apos;s partitions, read every HCA&apos;s P_Keys back and check that they allow what the intent allows and nothing else</source>
        <translation>Das echte OpenSM mit den Partitionen des Intents auf dieser Fabric unter ibsim ausführen, die P_Keys jedes HCA zurücklesen und prüfen, dass sie erlauben, was der Intent erlaubt, und sonst nichts</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 open a fabric and an intent to check that OpenSM enforces it.</source>
        <translation>%1 Öffnen Sie eine Fabric und einen Intent, um zu prüfen, dass OpenSM ihn durchsetzt.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 checking: OpenSM is routing the fabric under ibsim…</source>
        <translation>%1 wird geprüft: OpenSM routet die Fabric unter ibsim…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 not checked: %2.</source>
        <translation>%1 nicht geprüft: %2.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 not checked on OpenSM yet.</source>
        <translation>%1 noch nicht mit OpenSM geprüft.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 &lt;font color=&quot;#c0392b&quot;&gt;no verdict: %2&lt;/font&gt;</source>
        <translation>%1 &lt;font color=&quot;#c0392b&quot;&gt;kein Ergebnis: %2&lt;/font&gt;</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>OpenSM ftree under ibsim, %1 partitions, %2 s</source>
        <translation>OpenSM ftree unter ibsim, %1 Partitionen, %2 s</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 &lt;b&gt;&lt;font color=&quot;#1e8449&quot;&gt;enforced&lt;/font&gt;&lt;/b&gt;: %2 allowed and %3 denied host pairs, as the intent says (%4)</source>
        <translation>%1 &lt;b&gt;&lt;font color=&quot;#1e8449&quot;&gt;durchgesetzt&lt;/font&gt;&lt;/b&gt;: %2 erlaubte und %3 verbotene Host-Paare, wie der Intent sagt (%4)</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%1 &lt;b&gt;&lt;font color=&quot;#c0392b&quot;&gt;violated&lt;/font&gt;&lt;/b&gt;: %n host pair(s) disagree with the intent (%2)</source>
        <translation>
            <numerusform>%1 &lt;b&gt;&lt;font color=&quot;#c0392b&quot;&gt;verletzt&lt;/font&gt;&lt;/b&gt;: %n Host-Paar weicht vom Intent ab (%2)</numerusform>
            <numerusform>%1 &lt;b&gt;&lt;font color=&quot;#c0392b&quot;&gt;verletzt&lt;/font&gt;&lt;/b&gt;: %n Host-Paare weichen vom Intent ab (%2)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 → %2: allowed by %3, but they share no partition</source>
        <translation>%1 → %2: erlaubt durch %3, aber sie teilen keine Partition</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 → %2: denied by %3, but they share P_Key 0x%4</source>
        <translation>%1 → %2: verboten durch %3, aber sie teilen P_Key 0x%4</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 incomplete: the P_Keys of %2 of %3 HCA ports were read back (%4)</source>
        <translation>%1 unvollständig: Die P_Keys von %2 der %3 HCA-Ports wurden zurückgelesen (%4)</translation>
    </message>
</context>
<context>
    <name>Railyard::IntentReviewPanel</name>
    <message>
        <location filename="../views/docks/intentreviewpanel.cpp" line="+33"/>
        <source>draft</source>
        <translation>Entwurf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>in review</source>
        <translation>in Prüfung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>approved</source>
        <translation>freigegeben</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rejected</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Your key:</source>
        <translation>Ihr Schlüssel:</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Choose Key…</source>
        <translation>Schlüssel wählen…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Your private key (NAME.key from &apos;railyard-cli keys generate&apos;): signs as NAME. Remembered, never copied into a project.</source>
        <translation>Ihr privater Schlüssel (NAME.key von „railyard-cli keys generate“): signiert als NAME. Wird gemerkt, nie in ein Projekt kopiert.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keyring:</source>
        <translation>Schlüsselbund:</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Choose Keyring…</source>
        <translation>Schlüsselbund wählen…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The folder of the team&apos;s public keys (NAME.pub) that Verify trusts</source>
        <translation>Der Ordner mit den öffentlichen Schlüsseln des Teams (NAME.pub), denen Prüfen vertraut</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Submit</source>
        <translation>Einreichen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sign this version with your key and put it in review (you are its author)</source>
        <translation>Diese Version mit Ihrem Schlüssel signieren und zur Prüfung einreichen (Sie sind ihr Autor)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Approve…</source>
        <translation>Freigeben…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sign the approval with your key: over the content and the author&apos;s signature</source>
        <translation>Die Freigabe mit Ihrem Schlüssel signieren: über den Inhalt und die Signatur des Autors</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reject…</source>
        <translation>Ablehnen…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Verify</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check both signatures, the keyring and every byte of the reviewed file</source>
        <translation>Beide Signaturen, den Schlüsselbund und jedes Byte der geprüften Datei kontrollieren</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write the reviewed file (for the control plane, or for a reviewer)</source>
        <translation>Die geprüfte Datei schreiben (für die Control Plane oder für einen Prüfer)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Push…</source>
        <translation>Übertragen…</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+151"/>
        <source>Apply the approved version to a network of the control plane (Control Plane dock)</source>
        <translation>Die genehmigte Version auf ein Netz der Steuerungsebene anwenden (Fenster Steuerungsebene)</translation>
    </message>
    <message>
        <location line="-67"/>
        <location line="+10"/>
        <source>none chosen</source>
        <translation>keiner gewählt</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>choose the team&apos;s keyring to verify it</source>
        <translation>zum Verifizieren den Schlüsselbund des Teams wählen</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>invalid</source>
        <translation>ungültig</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open an intent version to review it.</source>
        <translation>Öffnen Sie eine Intent-Version, um sie zu prüfen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>State: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Zustand: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (verified against the keyring)</source>
        <translation> (mit dem Schlüsselbund verifiziert)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> &lt;font color=&quot;#c0392b&quot;&gt;— not verified: %1&lt;/font&gt;</source>
        <translation> &lt;font color=&quot;#c0392b&quot;&gt;— nicht verifiziert: %1&lt;/font&gt;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;br&gt;Submitted by %1 (%2) at %3</source>
        <translation>&lt;br&gt;Eingereicht von %1 (%2) am %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;br&gt;%1 by %2 at %3</source>
        <translation>&lt;br&gt;%1 von %2 am %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;br&gt;Comment: “%1”</source>
        <translation>&lt;br&gt;Kommentar: „%1“</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;br&gt;Submit signs it as its author; export the submitted file for the reviewer.</source>
        <translation>&lt;br&gt;Einreichen signiert sie als ihr Autor; exportieren Sie die eingereichte Datei für den Prüfer.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The approval does not verify against the keyring: %1</source>
        <translation>Die Freigabe lässt sich mit dem Schlüsselbund nicht verifizieren: %1</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>&lt;b&gt;Not recorded in the project:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Nicht im Projekt festgehalten:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+20"/>
        <location line="+21"/>
        <source>&lt;b&gt;Cannot submit:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Einreichen nicht möglich:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Submitted v%1 for review, signed by %2 (%3).</source>
        <translation>v%1 zur Prüfung eingereicht, signiert von %2 (%3).</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>approve</source>
        <translation>freigeben</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>reject</source>
        <translation>ablehnen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Cannot reject:&lt;/b&gt; say why in the comment.</source>
        <translation>&lt;b&gt;Ablehnen nicht möglich:&lt;/b&gt; Begründen Sie es im Kommentar.</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+8"/>
        <source>&lt;b&gt;Cannot %1:&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;Kann nicht %1:&lt;/b&gt; %2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Approved by %1 (%2).</source>
        <translation>Freigegeben von %1 (%2).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rejected by %1 (%2).</source>
        <translation>Abgelehnt von %1 (%2).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Refused:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Verweigert:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&lt;b&gt;Cannot verify:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Prüfen nicht möglich:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Valid:&lt;/b&gt; %1 v%2 (sha256 %3…) submitted by %4, approved by %5; both keys are in the keyring.</source>
        <translation>&lt;b&gt;Gültig:&lt;/b&gt; %1 v%2 (sha256 %3…) eingereicht von %4, freigegeben von %5; beide Schlüssel sind im Schlüsselbund.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&lt;b&gt;Not valid:&lt;/b&gt;&lt;br&gt;%1</source>
        <translation>&lt;b&gt;Nicht gültig:&lt;/b&gt;&lt;br&gt;%1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>&lt;b&gt;Cannot write %1:&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;%1 kann nicht geschrieben werden:&lt;/b&gt; %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Wrote %1 (%2).</source>
        <translation>%1 geschrieben (%2).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Your Signing Key</source>
        <translation>Ihr Signaturschlüssel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Private keys (*.key);;All files (*)</source>
        <translation>Private Schlüssel (*.key);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Keyring Folder</source>
        <translation>Schlüsselbund-Ordner</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Approve</source>
        <translation>Freigeben</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Reject</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Comment (optional):</source>
        <translation>Kommentar (optional):</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Why is this change rejected?</source>
        <translation>Warum wird diese Änderung abgelehnt?</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Railyard</source>
        <translation>Railyard</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The %1 version of %2 exists only in this window: it was not exported and no project keeps it. Export it first?</source>
        <translation>Die Version von %2 (%1) existiert nur in diesem Fenster: Sie wurde nicht exportiert, und kein Projekt enthält sie. Zuerst exportieren?</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Export Reviewed Intent</source>
        <translation>Geprüften Intent exportieren</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reviewed intents (*.json);;All files (*)</source>
        <translation>Geprüfte Intents (*.json);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>Railyard::IntentRulesView</name>
    <message>
        <location filename="../views/docks/intentrulesview.cpp" line="+79"/>
        <location line="+67"/>
        <location line="+46"/>
        <source>Rule</source>
        <translation>Regel</translation>
    </message>
    <message>
        <location line="-113"/>
        <location line="+67"/>
        <source>Old</source>
        <translation>Alt</translation>
    </message>
    <message>
        <location line="-67"/>
        <location line="+67"/>
        <source>New</source>
        <translation>Neu</translation>
    </message>
    <message>
        <location line="-67"/>
        <location line="+67"/>
        <location line="+46"/>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <location line="-54"/>
        <source>%1 → %2 %3</source>
        <translation>%1 → %2 %3</translation>
    </message>
    <message>
        <location line="+104"/>
        <source>removed</source>
        <translation>entfernt</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>added</source>
        <translation>hinzugefügt</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>reordered (was %1)</source>
        <translation>verschoben (war %1)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>changed: %1</source>
        <translation>geändert: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>; moved from %1</source>
        <translation>; verschoben von %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+1"/>
        <source>(absent)</source>
        <translation>(fehlt)</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>setting changed</source>
        <translation>Einstellung geändert</translation>
    </message>
</context>
<context>
    <name>Railyard::IntentVersionsPanel</name>
    <message>
        <location filename="../views/docks/intentversionspanel.cpp" line="+22"/>
        <source>draft</source>
        <translation>Entwurf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>in review</source>
        <translation>in Prüfung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>approved</source>
        <translation>freigegeben</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rejected</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>SHA-256</source>
        <translation>SHA-256</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Author</source>
        <translation>Autor</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Message</source>
        <translation>Nachricht</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+89"/>
        <source>Show</source>
        <translation>Anzeigen</translation>
    </message>
    <message>
        <location line="-87"/>
        <source>Show the selected version against its parent, or compare two selected versions</source>
        <translation>Die gewählte Version gegen ihre Vorgängerin anzeigen oder zwei gewählte Versionen vergleichen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add Opened Version</source>
        <translation>Geöffnete Version hinzufügen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Store the version opened from a file in the project</source>
        <translation>Die aus einer Datei geöffnete Version im Projekt speichern</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Intent versions and their reviews are kept in a Railyard project (.railyard): save the design as a project to keep them.</source>
        <translation>Intent-Versionen und ihre Prüfungen werden in einem Railyard-Projekt (.railyard) gespeichert: Speichern Sie den Entwurf als Projekt, um sie zu behalten.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 holds no intent versions yet: open one and Add Opened Version, or Submit it.</source>
        <translation>%1 enthält noch keine Intent-Versionen: Öffnen Sie eine und wählen Sie „Geöffnete Version hinzufügen“ oder reichen Sie sie ein.</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n intent version(s) in %1</source>
        <translation>
            <numerusform>%n Intent-Version in %1</numerusform>
            <numerusform>%n Intent-Versionen in %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
</context>
<context>
    <name>Railyard::IntentsDock</name>
    <message>
        <location filename="../views/docks/intentsdock.cpp" line="+46"/>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>info</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Intents</source>
        <translation>Intents</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Open…</source>
        <translation>Öffnen…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open an intent (*.intent.json) or a submitted or reviewed intent file</source>
        <translation>Einen Intent (*.intent.json) oder eine eingereichte oder geprüfte Intent-Datei öffnen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare with…</source>
        <translation>Vergleichen mit…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open another version of the intent and show what changes</source>
        <translation>Eine andere Version des Intents öffnen und zeigen, was sich ändert</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close the intents and clear the canvas</source>
        <translation>Die Intents schließen und die Zeichenfläche leeren</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Severity</source>
        <translation>Schwere</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pointer</source>
        <translation>Zeiger</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Double-click a finding to select its rule and the racks it names</source>
        <translation>Doppelklicken Sie auf einen Befund, um seine Regel und die genannten Racks auszuwählen</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Protocol</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>To</source>
        <translation>Nach</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pairs</source>
        <translation>Paare</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Decided by</source>
        <translation>Entschieden durch</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Double-click a change to select its racks on the canvas</source>
        <translation>Doppelklicken Sie auf eine Änderung, um ihre Racks auf der Zeichenfläche auszuwählen</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Versions</source>
        <translation>Versionen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+290"/>
        <location line="+28"/>
        <source>Lint</source>
        <translation>Lint</translation>
    </message>
    <message>
        <location line="-317"/>
        <source>Changes</source>
        <translation>Änderungen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Review</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>Compare with Intent</source>
        <translation>Mit Intent vergleichen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Open Intent</source>
        <translation>Intent öffnen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Intents (*.intent.json *.json);;All files (*)</source>
        <translation>Intents (*.intent.json *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+145"/>
        <source> · by %1</source>
        <translation> · von %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Old:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Alt:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open an intent file (*.intent.json) to lint it against this fabric; Compare with… a second version to see the rules and the racks and links that change.</source>
        <translation>Öffnen Sie eine Intent-Datei (*.intent.json), um sie gegen dieses Fabric zu prüfen; „Vergleichen mit…“ einer zweiten Version zeigt die Regeln und die Racks und Links, die sich ändern.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;New:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Neu:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Intent:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Intent:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Old (v%1)</source>
        <translation>Alt (v%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New (v%1)</source>
        <translation>Neu (v%1)</translation>
    </message>
    <message>
        <location line="+100"/>
        <source>v%1 %2 ⇒ v%3 %4</source>
        <translation>v%1 %2 ⇒ v%3 %4</translation>
    </message>
    <message>
        <location line="-101"/>
        <source>Old</source>
        <translation>Alt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>v%1</source>
        <translation>v%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Intent diff v%1 → v%2</source>
        <translation>Intent-Diff v%1 → v%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Open a fabric to lint the intent against it.</source>
        <translation>Öffnen Sie ein Fabric, um den Intent dagegen zu prüfen.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>v%1 on %2: &lt;b&gt;%3 errors&lt;/b&gt;, %4 warnings, %5 notes · %6 hosts in %7 groups · RDMA allowed on %8, TCP on %9 of %10 group pairs</source>
        <translation>v%1 auf %2: &lt;b&gt;%3 Fehler&lt;/b&gt;, %4 Warnungen, %5 Hinweise · %6 Hosts in %7 Gruppen · RDMA erlaubt auf %8, TCP auf %9 von %10 Gruppenpaaren</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Lint (%1)</source>
        <translation>Lint (%1)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Compare with… a second version to see what it changes on the fabric.</source>
        <translation>„Vergleichen mit…“ einer zweiten Version zeigt, was sie auf dem Fabric ändert.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;b&gt;v%1 → v%2&lt;/b&gt; on %3</source>
        <translation>&lt;b&gt;v%1 → v%2&lt;/b&gt; auf %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 group pairs newly allowed, %3 newly denied; public egress opened on %4, closed on %5 groups</source>
        <translation>%1: %2 Gruppenpaare neu erlaubt, %3 neu verboten; öffentlicher Egress auf %4 Gruppen geöffnet, auf %5 geschlossen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 pairs keep their outcome under another rule</source>
        <translation>%1 Paare behalten ihr Ergebnis unter einer anderen Regel</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Affected: %1 racks (%2 added, %3 removed, %4 changed), %5 links (%6 added, %7 removed, %8 changed)</source>
        <translation>Betroffen: %1 Racks (%2 hinzugefügt, %3 entfernt, %4 geändert), %5 Links (%6 hinzugefügt, %7 entfernt, %8 geändert)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No group pair changes its reachability.</source>
        <translation>Kein Gruppenpaar ändert seine Erreichbarkeit.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>newly allowed</source>
        <translation>neu erlaubt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>newly denied</source>
        <translation>neu verboten</translation>
    </message>
</context>
<context>
    <name>Railyard::JobEditDialog</name>
    <message>
        <location filename="../views/dialogs/jobeditdialog.cpp" line="+39"/>
        <source>Edit Training Job</source>
        <translation>Trainingsjob bearbeiten</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Description:</source>
        <translation>Beschreibung:</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> B</source>
        <translation> Mrd.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total parameters in billions, every expert included</source>
        <translation>Parameter insgesamt in Milliarden, alle Experten eingeschlossen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Parameters:</source>
        <translation>Parameter:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Layers:</source>
        <translation>Schichten:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hidden size:</source>
        <translation>Hidden Size:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sequence length:</source>
        <translation>Sequenzlänge:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Vocabulary:</source>
        <translation>Vokabular:</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>%n byte(s) per element</source>
        <translation>
            <numerusform>%n Byte je Element</numerusform>
            <numerusform>%n Bytes je Element</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Precision:</source>
        <translation>Genauigkeit:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mixture of experts</source>
        <translation>Mixture of Experts</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Experts per layer:</source>
        <translation>Experten je Schicht:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Top-k:</source>
        <translation>Top-k:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MoE layers:</source>
        <translation>MoE-Schichten:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Expert hidden size:</source>
        <translation>Hidden Size je Experte:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Parallelism</source>
        <translation>Parallelität</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Tensor parallel: ranks that split every layer (kept inside one host)</source>
        <translation>Tensor-Parallelität: Ranks, die jede Schicht aufteilen (bleiben in einem Host)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TP:</source>
        <translation>TP:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pipeline parallel: stages the layers are divided into</source>
        <translation>Pipeline-Parallelität: Stufen, auf die die Schichten verteilt werden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PP:</source>
        <translation>PP:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Data parallel: replicas of every stage</source>
        <translation>Daten-Parallelität: Replikate jeder Stufe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DP:</source>
        <translation>DP:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Expert parallel: ranks the experts are spread over, inside the data-parallel dimension</source>
        <translation>Experten-Parallelität: Ranks, auf die die Experten verteilt werden, innerhalb der Daten-Parallelität</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>EP:</source>
        <translation>EP:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Context parallel: ranks that split each sequence</source>
        <translation>Kontext-Parallelität: Ranks, die jede Sequenz aufteilen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CP:</source>
        <translation>CP:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Batch and optimizer</source>
        <translation>Batch und Optimierer</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Micro-batch:</source>
        <translation>Micro-Batch:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sequences per optimizer step, a multiple of micro-batch × DP</source>
        <translation>Sequenzen je Optimiererschritt, ein Vielfaches von Micro-Batch × DP</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Global batch:</source>
        <translation>Globaler Batch:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ZeRO-1 (optimizer states)</source>
        <translation>ZeRO-1 (Optimiererzustände)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fully sharded (FSDP / ZeRO-3)</source>
        <translation>vollständig verteilt (FSDP / ZeRO-3)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Optimizer sharding:</source>
        <translation>Optimierer-Sharding:</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>%1 GPUs (TP × CP × PP × DP)</source>
        <translation>%1 GPUs (TP × CP × PP × DP)</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>, %n micro-batch(es) per step</source>
        <translation>
            <numerusform>, %n Micro-Batch je Schritt</numerusform>
            <numerusform>, %n Micro-Batches je Schritt</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Railyard::JobsDock</name>
    <message>
        <location filename="../views/docks/joblabels.cpp" line="+8"/>
        <source>topology</source>
        <translation>topologiebewusst</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>linear</source>
        <translation>linear</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>random</source>
        <translation>zufällig</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>fluid ECMP</source>
        <translation>ECMP (Fluid-Modell)</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>ECMP (%n seeds)</source>
        <translation>
            <numerusform>ECMP (%n Startwert)</numerusform>
            <numerusform>ECMP (%n Startwerte)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>adaptive</source>
        <translation>adaptiv</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ECMP hashing (pinned)</source>
        <translation>ECMP-Hashing (fest zugeordnet)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>static routing (D-mod-k)</source>
        <translation>statisches Routing (D-mod-k)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>host (NVLink)</source>
        <translation>Host (NVLink)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>same leaf</source>
        <translation>im selben Leaf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>same SU</source>
        <translation>in derselben SU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>same pod</source>
        <translation>im selben Pod</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>same zone</source>
        <translation>in derselben Zone</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>across zones</source>
        <translation>zonenübergreifend</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <location filename="../views/docks/jobsdock.cpp" line="+25"/>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove the job from the project (undoable)</source>
        <translation>Den Job aus dem Projekt entfernen (rückgängig machbar)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Open Job…</source>
        <translation>Job öffnen…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Edit…</source>
        <translation>Bearbeiten…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit the job&apos;s model, parallelism and batch (a new job when none is open)</source>
        <translation>Modell, Parallelität und Batch des Jobs bearbeiten (ein neuer Job, wenn keiner geöffnet ist)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save As…</source>
        <translation>Speichern unter…</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Seed of the random strategy and of ECMP hashing</source>
        <translation>Startwert der Zufallsstrategie und des ECMP-Hashings</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Strategy:</source>
        <translation>Strategie:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Routing:</source>
        <translation>Routing:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seed:</source>
        <translation>Startwert:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>e.g. gpu[0001-0004],gpu0100</source>
        <translation>z. B. gpu[0001-0004],gpu0100</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hosts the placement must not use (drained, under repair), as a hostlist; hosts cut off by the what-if are left out as well</source>
        <translation>Hosts, die die Platzierung nicht verwenden darf (gesperrt, in Reparatur), als Hostliste; durch das Was-wäre-wenn abgeschnittene Hosts bleiben ebenfalls außen vor</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Exclude:</source>
        <translation>Ausschließen:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Place</source>
        <translation>Platzieren</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Step time of every strategy under every routing mode</source>
        <translation>Schrittzeit jeder Strategie in jedem Routing-Modus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear heatmap</source>
        <translation>Heatmap entfernen</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Rank:</source>
        <translation>Rang:</translation>
    </message>
    <message>
        <location line="+13"/>
        <location filename="../views/docks/jobsdockresults.cpp" line="+112"/>
        <source>Strategies × routing</source>
        <translation>Strategien × Routing</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Open Job</source>
        <translation>Job öffnen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job files (*.job.json);;JSON files (*.json);;All files (*)</source>
        <translation>Job-Dateien (*.job.json);;JSON-Dateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Save Job</source>
        <translation>Job speichern</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Job files (*.job.json)</source>
        <translation>Job-Dateien (*.job.json)</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>%1 (cannot be read)</source>
        <translation>%1 (nicht lesbar)</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>&lt;b&gt;%1&lt;/b&gt; cannot be read:&lt;br&gt;%2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; kann nicht gelesen werden:&lt;br&gt;%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;i&gt;No job: open a *.job.json file.&lt;/i&gt;</source>
        <translation>&lt;i&gt;Kein Job: Öffnen Sie eine *.job.json-Datei.&lt;/i&gt;</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2 GPUs&lt;br&gt;TP %3 × CP %4 × PP %5 × DP %6 (EP %7)&lt;br&gt;%8 parameters, %9 layers, %10 micro-batches per step</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2 GPUs&lt;br&gt;TP %3 × CP %4 × PP %5 × DP %6 (EP %7)&lt;br&gt;%8 Parameter, %9 Schichten, %10 Micro-Batches je Schritt</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&lt;br&gt;MoE: %1 experts, top-%2</source>
        <translation>&lt;br&gt;MoE: %1 Experten, Top-%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;br&gt;&lt;i&gt;Edited, not saved.&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;Bearbeitet, nicht gespeichert.&lt;/i&gt;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;br&gt;The fabric has only %1 GPUs.</source>
        <translation>&lt;br&gt;Die Fabric hat nur %1 GPUs.</translation>
    </message>
    <message>
        <location filename="../views/docks/jobsdockresults.cpp" line="-82"/>
        <source>&lt;br&gt;&lt;b&gt;Collective model, one group alone&lt;/b&gt; (validated interval)&lt;table cellspacing=&quot;0&quot; cellpadding=&quot;1&quot;&gt;</source>
        <translation>&lt;br&gt;&lt;b&gt;Kollektivmodell, eine Gruppe allein&lt;/b&gt; (validiertes Intervall)&lt;table cellspacing=&quot;0&quot; cellpadding=&quot;1&quot;&gt;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no model for point-to-point sends</source>
        <translation>kein Modell für Punkt-zu-Punkt-Sendungen</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%1 ms (%2–%3), %n validation row(s)</source>
        <translation>
            <numerusform>%1 ms (%2–%3), %n Validierungszeile</numerusform>
            <numerusform>%1 ms (%2–%3), %n Validierungszeilen</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 ms (outside every validated regime)</source>
        <translation>%1 ms (außerhalb jedes validierten Bereichs)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Step — %1 placement, %2</source>
        <translation>Schritt — Platzierung %1, %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 ms communication per step</source>
        <translation>%1 ms Kommunikation je Schritt</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;tr&gt;&lt;td&gt;%1 phase&lt;/td&gt;&lt;td align=&quot;right&quot;&gt;&amp;nbsp;%2 ms&lt;/td&gt;&lt;td&gt;&amp;nbsp;&amp;nbsp;busiest: %3&lt;/td&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;td&gt;%1-Phase&lt;/td&gt;&lt;td align=&quot;right&quot;&gt;&amp;nbsp;%2 ms&lt;/td&gt;&lt;td&gt;&amp;nbsp;&amp;nbsp;Engpass: %3&lt;/td&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Max link utilization: &lt;b&gt;%1 %&lt;/b&gt; on &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>Max. Linkauslastung: &lt;b&gt;%1 %&lt;/b&gt; auf &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none</source>
        <translation>keinem Link</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;br&gt;&lt;font color=&quot;#d04040&quot;&gt;%n flow(s) could not be routed.&lt;/font&gt;</source>
        <translation>
            <numerusform>&lt;br&gt;&lt;font color=&quot;#d04040&quot;&gt;%n Flow konnte nicht geroutet werden.&lt;/font&gt;</numerusform>
            <numerusform>&lt;br&gt;&lt;font color=&quot;#d04040&quot;&gt;%n Flows konnten nicht geroutet werden.&lt;/font&gt;</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not routed</source>
        <translation>Nicht geroutet</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Routing failed: %1</source>
        <translation>Routing fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;br&gt;&lt;b&gt;Bytes per step by tier&lt;/b&gt;&lt;table cellspacing=&quot;0&quot; cellpadding=&quot;1&quot;&gt;</source>
        <translation>&lt;br&gt;&lt;b&gt;Bytes je Schritt nach Ebene&lt;/b&gt;&lt;table cellspacing=&quot;0&quot; cellpadding=&quot;1&quot;&gt;</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;tr&gt;&lt;td&gt;&lt;b&gt;network total&lt;/b&gt;&lt;/td&gt;&lt;td align=&quot;right&quot;&gt;&amp;nbsp;&lt;b&gt;%1&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</source>
        <translation>&lt;tr&gt;&lt;td&gt;&lt;b&gt;Netzwerk gesamt&lt;/b&gt;&lt;/td&gt;&lt;td align=&quot;right&quot;&gt;&amp;nbsp;&lt;b&gt;%1&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;br&gt;&lt;i&gt;warning: %1&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;Warnung: %1&lt;/i&gt;</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The fabric changed since these results: press Place or Compare to re-evaluate.</source>
        <translation>Die Fabric hat sich seit diesen Ergebnissen geändert: Platzieren oder Vergleichen drücken, um neu zu bewerten.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Strategies × routing (stale)</source>
        <translation>Strategien × Routing (veraltet)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Step communication time (ms)</source>
        <translation>Kommunikationszeit je Schritt (ms)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ms per step</source>
        <translation>ms je Schritt</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../views/docks/jobsdock.cpp" line="+6"/>
        <location line="+8"/>
        <location line="+213"/>
        <location line="+91"/>
        <source>subnet manager (LFTs)</source>
        <translation>Subnet-Manager (LFTs)</translation>
    </message>
    <message>
        <location line="-302"/>
        <source>Every connection follows the forwarding tables hop by hop: %1</source>
        <translation>Jede Verbindung folgt Hop für Hop den Weiterleitungstabellen: %1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>No fabric is open.</source>
        <translation>Keine Fabric geöffnet.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open a job file first.</source>
        <translation>Öffnen Sie zuerst eine Job-Datei.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Exclude: no host &apos;%1&apos; in this fabric.</source>
        <translation>Ausschließen: kein Host &apos;%1&apos; in dieser Fabric.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Exclude: %1</source>
        <translation>Ausschließen: %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Rank %1: host %2, GPU %3, rail %4 (TP %5, CP %6, DP %7, PP stage %8)</source>
        <translation>Rang %1: Host %2, GPU %3, Rail %4 (TP %5, CP %6, DP %7, PP-Stufe %8)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No pipeline peer (PP 1).</source>
        <translation>Kein Pipeline-Nachbar (PP 1).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Path to its previous pipeline peer, rank %1:</source>
        <translation>Pfad zum vorherigen Pipeline-Nachbarn, Rang %1:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Path to its next pipeline peer, rank %1:</source>
        <translation>Pfad zum nächsten Pipeline-Nachbarn, Rang %1:</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+2"/>
        <location line="+19"/>
        <source>rank %1</source>
        <translation>Rang %1</translation>
    </message>
    <message>
        <location line="-21"/>
        <location line="+2"/>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>(no live NIC link)</source>
        <translation>(kein intakter NIC-Link)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+10"/>
        <source>NIC %1 (rail %2)</source>
        <translation>NIC %1 (Rail %2)</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>(no path)</source>
        <translation>(kein Pfad)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>GPU %1 on %2</source>
        <translation>GPU %1 auf %2</translation>
    </message>
    <message numerus="yes">
        <location line="+35"/>
        <source>Its TP, PP and DP groups use %n host(s).</source>
        <translation>
            <numerusform>Seine TP-, PP- und DP-Gruppen belegen %n Host.</numerusform>
            <numerusform>Seine TP-, PP- und DP-Gruppen belegen %n Hosts.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>The subnet manager&apos;s tables were dropped: run OpenSM or load them again (Subnet Manager dock).</source>
        <translation>Die Tabellen des Subnet-Managers wurden verworfen: OpenSM ausführen oder sie erneut laden (Dock „Subnet-Manager“).</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>The fabric changed while the comparison ran: its result was dropped. Press Compare again.</source>
        <translation>Die Fabric hat sich während des Vergleichs geändert: sein Ergebnis wurde verworfen. Erneut Vergleichen drücken.</translation>
    </message>
    <message>
        <location filename="../views/docks/jobsdockjob.cpp" line="+16"/>
        <location line="+29"/>
        <source>Open a fabric first: a job is placed on a fabric and kept in its project.</source>
        <translation>Öffnen Sie zuerst eine Fabric: Ein Job wird auf einer Fabric platziert und in ihrem Projekt gespeichert.</translation>
    </message>
    <message>
        <location line="-23"/>
        <location line="+7"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>%1: cannot write: %2</source>
        <translation>%1: kann nicht schreiben: %2</translation>
    </message>
    <message>
        <location filename="../views/docks/jobsdock.cpp" line="-82"/>
        <source>%1: %2 placement, %3 — link utilization</source>
        <translation>%1: Platzierung %2, %3 — Linkauslastung</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Placing %1…</source>
        <translation>%1 wird platziert…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The fabric changed while the placement ran: its result was dropped. Press Place again.</source>
        <translation>Die Fabric hat sich während der Platzierung geändert: ihr Ergebnis wurde verworfen. Erneut Platzieren drücken.</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Comparing strategies and routing modes…</source>
        <translation>Strategien und Routing-Modi werden verglichen…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Comparing strategies and routing modes… %1 of %2</source>
        <translation>Strategien und Routing-Modi werden verglichen… %1 von %2</translation>
    </message>
</context>
<context>
    <name>Railyard::MainWindow</name>
    <message>
        <location filename="../views/mainwindow.cpp" line="+85"/>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;opened&gt;</source>
        <translation>&lt;geöffnet&gt;</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Main</source>
        <translation>Hauptwerkzeugleiste</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;New</source>
        <translation>&amp;Neu</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>An empty design, ready to draw</source>
        <translation>Ein leerer Entwurf, bereit zum Zeichnen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New from Temp&amp;late…</source>
        <translation>Neu aus Vor&amp;lage…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ctrl+Shift+N</source>
        <translation>Ctrl+Shift+N</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Close</source>
        <translation>S&amp;chließen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ctrl+W</source>
        <translation>Ctrl+W</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Export &amp;Picture…</source>
        <translation>Bild e&amp;xportieren…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E&amp;xport Analysis Report…</source>
        <translation>&amp;Analysebericht exportieren…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export S&amp;ubnet Manager Configuration…</source>
        <translation>Subnetzmanager-&amp;Konfiguration exportieren…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>OpenSM&apos;s configuration for this InfiniBand design: routing engine, root and compute-node GUIDs, partitions</source>
        <translation>Die OpenSM-Konfiguration für diesen InfiniBand-Entwurf: Routing-Engine, Root- und Compute-Node-GUIDs, Partitionen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connec&amp;t to Control Plane…</source>
        <translation>Mit Steuerun&amp;gsebene verbinden…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+365"/>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <location line="-362"/>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+361"/>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <location line="-358"/>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Restore &amp;All Failures</source>
        <translation>Alle &amp;Ausfälle aufheben</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Find Element…</source>
        <translation>Element &amp;suchen…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Pr&amp;eferences…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ctrl+,</source>
        <translation>Ctrl+,</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom &amp;In</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Fit to View</source>
        <translation>&amp;Einpassen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Show Bisection &amp;Cut</source>
        <translation>Bisektions&amp;schnitt anzeigen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+B</source>
        <translation>Ctrl+B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Colour &amp;Switches by Oversubscription</source>
        <translation>Switches nach Überbuchung ein&amp;färben</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show &amp;Legend</source>
        <translation>&amp;Legende anzeigen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+Shift+L</source>
        <translation>Ctrl+Shift+L</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Legend at the &amp;Top</source>
        <translation>Legende &amp;oben</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show O&amp;verview</source>
        <translation>Ü&amp;bersicht anzeigen</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Railyard &amp;Help</source>
        <translation>Railyard-&amp;Hilfe</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About Railyard</source>
        <translation>Ü&amp;ber Railyard</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel the running analysis</source>
        <translation>Laufende Analyse abbrechen</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Analysis cancelled</source>
        <translation>Analyse abgebrochen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>pods</source>
        <translation>Pods</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>scalable units</source>
        <translation>Scalable Units</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>racks</source>
        <translation>Racks</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>elements</source>
        <translation>Elemente</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Zoom %1 % · %2</source>
        <translation>Zoom %1 % · %2</translation>
    </message>
    <message>
        <location line="+78"/>
        <location line="+186"/>
        <source>Railyard</source>
        <translation>Railyard</translation>
    </message>
    <message>
        <location line="-185"/>
        <source>%1 has unsaved changes. Save them?</source>
        <translation>%1 hat ungespeicherte Änderungen. Jetzt speichern?</translation>
    </message>
    <message numerus="yes">
        <location line="+27"/>
        <source>… and %n more line(s): see Show Details and the Problems dock.</source>
        <translation>
            <numerusform>… und %n weitere Zeile: siehe Details anzeigen und das Probleme-Dock.</numerusform>
            <numerusform>… und %n weitere Zeilen: siehe Details anzeigen und das Probleme-Dock.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+18"/>
        <location filename="../views/mainwindowproject.cpp" line="+61"/>
        <source>Cannot open %1</source>
        <translation>%1 kann nicht geöffnet werden</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>%1 GPUs · %2 hosts · %3 switches · %4 links</source>
        <translation>%1 GPUs · %2 Hosts · %3 Switches · %4 Links</translation>
    </message>
    <message>
        <location line="+86"/>
        <source>%1[*] — Railyard</source>
        <translation>%1[*] — Railyard</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Open Fabric</source>
        <translation>Fabric öffnen</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>untitled</source>
        <translation>unbenannt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>An empty design: right-click the canvas to add switches, hosts and racks</source>
        <translation>Ein leerer Entwurf: Rechtsklick auf die Zeichenfläche fügt Switches, Hosts und Racks hinzu</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Cannot create the fabric</source>
        <translation>Die Fabric kann nicht erstellt werden</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cannot save</source>
        <translation>Speichern nicht möglich</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved %1; pinned positions are kept only in a Railyard project (.railyard)</source>
        <translation>%1 gespeichert; fixierte Positionen werden nur in einem Railyard-Projekt (.railyard) gespeichert</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Save Fabric As</source>
        <translation>Fabric speichern unter</translation>
    </message>
    <message>
        <location filename="../views/mainwindowexport.cpp" line="+34"/>
        <source>Export Picture</source>
        <translation>Bild exportieren</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg);;PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cannot export the picture</source>
        <translation>Das Bild kann nicht exportiert werden</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+17"/>
        <source>Exported %1</source>
        <translation>%1 exportiert</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>Export Analysis Report</source>
        <translation>Analysebericht exportieren</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF document (*.pdf);;HTML page (*.html)</source>
        <translation>PDF-Dokument (*.pdf);;HTML-Seite (*.html)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot export the report</source>
        <translation>Der Bericht kann nicht exportiert werden</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1: cannot create the folder</source>
        <translation>%1: der Ordner kann nicht angelegt werden</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Subnet Manager Configuration</source>
        <translation>Subnetzmanager-Konfiguration</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OpenSM&apos;s routing engine (ftree routes a Clos from its root switches):</source>
        <translation>Routing-Engine von OpenSM (ftree routet ein Clos von seinen Root-Switches aus):</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Folder for OpenSM&apos;s Files</source>
        <translation>Ordner für die Dateien von OpenSM</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot write the subnet manager configuration</source>
        <translation>Die Subnetzmanager-Konfiguration kann nicht geschrieben werden</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Wrote opensm.conf and its GUID and partition files to %1 (opensm -F %2)</source>
        <translation>opensm.conf und seine GUID- und Partitionsdateien nach %1 geschrieben (opensm -F %2)</translation>
    </message>
    <message>
        <location filename="../views/mainwindow.cpp" line="+28"/>
        <source>About Railyard</source>
        <translation>Über Railyard</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;Railyard %1&lt;/h3&gt;&lt;p&gt;A topology designer for the networks that train large AI models: draw, generate or import fabrics, read bisection bandwidth and oversubscription, try failures.&lt;/p&gt;&lt;p&gt;Capacities are in Gbit/s per direction.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Railyard %1&lt;/h3&gt;&lt;p&gt;Ein Topologie-Designer für die Netzwerke, auf denen große KI-Modelle trainiert werden: Fabrics zeichnen, erzeugen oder importieren, Bisektionsbandbreite und Überbuchung ablesen, Ausfälle durchspielen.&lt;/p&gt;&lt;p&gt;Kapazitäten sind in Gbit/s je Richtung angegeben.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../views/mainwindowproject.cpp" line="-18"/>
        <source>Save &amp;Version…</source>
        <translation>&amp;Version speichern…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+Alt+S</source>
        <translation>Ctrl+Alt+S</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the project and keep this state as a named version</source>
        <translation>Projekt speichern und diesen Stand als benannte Version behalten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Autosave &amp;Interval…</source>
        <translation>Intervall für automatisches S&amp;ichern…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Autosave failed: %1</source>
        <translation>Automatisches Sichern fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location line="+41"/>
        <location line="+7"/>
        <source>Cannot save a version</source>
        <translation>Version kann nicht gespeichert werden</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Versions are kept in a Railyard project: save the design as a .railyard file first.</source>
        <translation>Versionen werden in einem Railyard-Projekt gespeichert: Speichern Sie den Entwurf zuerst als .railyard-Datei.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Saved a version of %1</source>
        <translation>Version von %1 gespeichert</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+8"/>
        <source>Save Version</source>
        <translation>Version speichern</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Versions are kept in a Railyard project (.railyard). Save %1 as a project now?</source>
        <translation>Versionen werden in einem Railyard-Projekt (.railyard) gespeichert. %1 jetzt als Projekt speichern?</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>What changed in this version (signed %1):</source>
        <translation>Was sich in dieser Version geändert hat (gezeichnet %1):</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cannot open version %1</source>
        <translation>Version %1 kann nicht geöffnet werden</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>version %1</source>
        <translation>Version %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Cannot restore version %1</source>
        <translation>Version %1 kann nicht wiederhergestellt werden</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Restore version %1</source>
        <translation>Version %1 wiederherstellen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restored version %1 (Undo goes back)</source>
        <translation>Version %1 wiederhergestellt (Rückgängig kehrt zurück)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Autosave</source>
        <translation>Automatisches Sichern</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write a recovery copy of unsaved work every (seconds):</source>
        <translation>Eine Wiederherstellungskopie ungespeicherter Arbeit schreiben alle (Sekunden):</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>an untitled design</source>
        <translation>einem unbenannten Entwurf</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Recover unsaved work</source>
        <translation>Ungespeicherte Arbeit wiederherstellen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Railyard found unsaved changes to %1 from %2, newer than the saved file. Restore them?</source>
        <translation>Railyard hat ungespeicherte Änderungen an %1 vom %2 gefunden, neuer als die gespeicherte Datei. Wiederherstellen?</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Restore</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Not Now</source>
        <translation>&amp;Nicht jetzt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Discard</source>
        <translation>&amp;Verwerfen</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cannot restore</source>
        <translation>Wiederherstellen nicht möglich</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Restore unsaved work</source>
        <translation>Ungespeicherte Arbeit wiederherstellen</translation>
    </message>
    <message>
        <location filename="../views/mainwindowinventory.cpp" line="+38"/>
        <source>I&amp;mport…</source>
        <translation>I&amp;mportieren…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ctrl+I</source>
        <translation>Ctrl+I</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Import Fol&amp;der…</source>
        <translation>&amp;Ordner importieren…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Import Infini&amp;Band Dump with Node-Name Map…</source>
        <translation>InfiniBand-&amp;Dump mit Node-Name-Map importieren…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Import InfiniBand Dump</source>
        <translation>InfiniBand-Dump importieren</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ibnetdiscover output (*.ibnetdiscover *.ibnet *.topo);;All files (*)</source>
        <translation>ibnetdiscover-Ausgabe (*.ibnetdiscover *.ibnet *.topo);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Node-Name Map</source>
        <translation>Node-Name-Map</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Node-name map (*.map *.txt *.conf);;All files (*)</source>
        <translation>Node-Name-Map (*.map *.txt *.conf);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Inventory</source>
        <translation>&amp;Inventar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Compare With…</source>
        <translation>&amp;Vergleichen mit…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare With</source>
        <translation>Vergleichen mit</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Verify Cabling Against…</source>
        <translation>Verkabelung &amp;prüfen gegen…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Verify Cabling Against a Discovered Fabric</source>
        <translation>Verkabelung gegen eine erkannte Fabric prüfen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>C&amp;lear Comparison</source>
        <translation>Vergleich &amp;aufheben</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Show Comparison Colours</source>
        <translation>Vergleichs&amp;farben zeigen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Ctrl+Shift+K</source>
        <translation>Ctrl+Shift+K</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Bill of Materials…</source>
        <translation>&amp;Stückliste…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compare &amp;Designs…</source>
        <translation>&amp;Entwürfe vergleichen…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This design against other designs: cost, power, bisection and a job&apos;s step time</source>
        <translation>Dieser Entwurf gegen andere Entwürfe: Kosten, Leistung, Bisektion und die Schrittzeit eines Jobs</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>E&amp;xplore Designs…</source>
        <translation>Entwürfe e&amp;rkunden…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>From requirements to the best designs: every candidate the catalogue allows, and the Pareto front of cost against step time</source>
        <translation>Von den Anforderungen zu den besten Entwürfen: jeder Kandidat, den der Katalog zulässt, und die Pareto-Front von Kosten gegen Schrittzeit</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Railyard cannot tell the format of %1 from its content or its name. Read it as:</source>
        <translation>Railyard kann das Format von %1 weder am Inhalt noch am Namen erkennen. Lesen als:</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>The content of %1 fits %n format(s). Read it as:</source>
        <translation>
            <numerusform>Der Inhalt von %1 passt zu %n Format. Lesen als:</numerusform>
            <numerusform>Der Inhalt von %1 passt zu %n Formaten. Lesen als:</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Choose the Format</source>
        <translation>Format wählen</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Cannot import %1</source>
        <translation>%1 kann nicht importiert werden</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Import Fabric</source>
        <translation>Fabric importieren</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Import a Folder of LLDP Dumps, NetBox Pages or NCCL Topologies</source>
        <translation>Einen Ordner mit LLDP-Dumps, NetBox-Seiten oder NCCL-Topologien importieren</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Import Folder</source>
        <translation>Ordner importieren</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Read the files of %1 as:</source>
        <translation>Die Dateien in %1 lesen als:</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Cannot read %1</source>
        <translation>%1 kann nicht gelesen werden</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 nodes, %2 links</source>
        <translation>%1 Knoten, %2 Links</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Compared with %1</source>
        <translation>Verglichen mit %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>added (%1)</source>
        <translation>hinzugefügt (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>removed (%1; drawn at their remaining ends)</source>
        <translation>entfernt (%1; an den verbliebenen Enden gezeichnet)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>changed (%1)</source>
        <translation>geändert (%1)</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>As built: %1</source>
        <translation>Ist-Zustand: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>extra cables (%1)</source>
        <translation>zusätzliche Kabel (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>missing cables (%1)</source>
        <translation>fehlende Kabel (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>miswired, swapped or wrong speed (%1)</source>
        <translation>falsch gesteckt, vertauscht oder falsche Geschwindigkeit (%1)</translation>
    </message>
    <message>
        <location line="+34"/>
        <location line="+17"/>
        <source>Using the built-in catalogue: %1</source>
        <translation>Der eingebaute Katalog wird verwendet: %1</translation>
    </message>
</context>
<context>
    <name>Railyard::OutlineDock</name>
    <message>
        <location filename="../views/docks/outlinedock.cpp" line="+36"/>
        <source>Outline</source>
        <translation>Gliederung</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Find element…</source>
        <translation>Element suchen…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Filter the outline by element id (case-insensitive)</source>
        <translation>Gliederung nach Element-ID filtern (ohne Beachtung der Groß-/Kleinschreibung)</translation>
    </message>
    <message>
        <location line="+124"/>
        <source>Link %1</source>
        <translation>Link %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No host, switch or link matches “%1”.</source>
        <translation>Kein Host, Switch oder Link passt zu „%1“.</translation>
    </message>
</context>
<context>
    <name>Railyard::OutlineModel</name>
    <message>
        <location filename="../views/docks/outlinemodel.cpp" line="+21"/>
        <source>Leaf</source>
        <translation>Leaf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spine</source>
        <translation>Spine</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Core</source>
        <translation>Core</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Unlayered</source>
        <translation>Ohne Ebene</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Unplaced</source>
        <translation>Nicht platziert</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Switches</source>
        <translation>Switches</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Plane %1</source>
        <translation>Plane %1</translation>
    </message>
    <message>
        <location line="+111"/>
        <location line="+1"/>
        <source>1 GPU</source>
        <translation>1 GPU</translation>
    </message>
    <message>
        <location line="-1"/>
        <location line="+1"/>
        <source>%1 GPUs</source>
        <translation>%1 GPUs</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 switch</source>
        <translation>1 Switch</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 switches</source>
        <translation>%1 Switches</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1/%2 ports</source>
        <translation>%1/%2 Ports</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: %2 hosts, %3 GPUs</source>
        <translation>%1: %2 Hosts, %3 GPUs</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2 × %3, %4 NICs</source>
        <translation>%1: %2 × %3, %4 NICs</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: %2, %3 of %4 ports used</source>
        <translation>%1: %2, %3 von %4 Ports belegt</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Failed (what-if)</source>
        <translation>Ausgefallen (Was-wäre-wenn)</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Element</source>
        <translation>Element</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
</context>
<context>
    <name>Railyard::PreferencesDialog</name>
    <message>
        <location filename="../views/dialogs/preferencesdialog.cpp" line="+22"/>
        <source>Preferences</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Signs the versions you save; empty for your account&apos;s name</source>
        <translation>Signiert die Versionen, die Sie speichern; leer für den Namen Ihres Kontos</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>name@example.com</source>
        <translation>name@example.com</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Identity</source>
        <translation>Identität</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;E-mail:</source>
        <translation>&amp;E-Mail:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Versions saved in a project are signed with this name and e-mail.</source>
        <translation>In einem Projekt gespeicherte Versionen werden mit diesem Namen und dieser E-Mail signiert.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the built-in catalogue</source>
        <translation>der eingebaute Katalog</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Your switch, NIC, cable and transceiver figures (JSON, docs/catalog.md) over the built-in catalogue: models named like built-in ones take your figures</source>
        <translation>Ihre Switch-, NIC-, Kabel- und Transceiver-Werte (JSON, docs/catalog.md) über dem eingebauten Katalog: gleichnamige Modelle übernehmen Ihre Werte</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+22"/>
        <source>Switch and NIC Catalogue</source>
        <translation>Switch- und NIC-Katalog</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Catalogue (*.json);;All files (*)</source>
        <translation>Katalog (*.json);;Alle Dateien (*)</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>The built-in catalogue: %n switch model(s)</source>
        <translation>
            <numerusform>Der eingebaute Katalog: %n Switch-Modell</numerusform>
            <numerusform>Der eingebaute Katalog: %n Switch-Modelle</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <location line="+7"/>
        <source>, %n NIC model(s).</source>
        <translation>
            <numerusform>, %n NIC-Modell.</numerusform>
            <numerusform>, %n NIC-Modelle.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-2"/>
        <source>Your figures over the built-in catalogue: %n switch model(s)</source>
        <translation>
            <numerusform>Ihre Werte über dem eingebauten Katalog: %n Switch-Modell</numerusform>
            <numerusform>Ihre Werte über dem eingebauten Katalog: %n Switch-Modelle</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Railyard::ProblemsDock</name>
    <message>
        <location filename="../views/docks/problemsdock.cpp" line="+42"/>
        <source>leaf switches</source>
        <translation>Leaf-Switches</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>spine switches</source>
        <translation>Spine-Switches</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>core switches</source>
        <translation>Core-Switches</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>switches</source>
        <translation>Switches</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>All</source>
        <translation>Alle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Errors and warnings</source>
        <translation>Fehler und Warnungen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Errors</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Filter</source>
        <translation>Filter</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>No problems found.</source>
        <translation>Keine Probleme gefunden.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>&amp;Override Inference…</source>
        <translation>&amp;Ableitung überschreiben…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Clear Refused Edits</source>
        <translation>Abgelehnte Änderungen entfernen</translation>
    </message>
    <message>
        <location line="+129"/>
        <source>%1 is a host</source>
        <translation>%1 ist ein Host</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 is a switch</source>
        <translation>%1 ist ein Switch</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is a %2 switch</source>
        <translation>%1 ist ein %2-Switch</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 has %2 rails</source>
        <translation>%1 hat %2 Rails</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is in rack %2</source>
        <translation>%1 steht in Rack %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is SHARP-capable</source>
        <translation>%1 ist SHARP-fähig</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is degraded to %2 Gbit/s</source>
        <translation>%1 ist auf %2 Gbit/s eingeschränkt</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Inferred: %1 (%2)</source>
        <translation>Abgeleitet: %1 (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inferred, element gone: %1</source>
        <translation>Abgeleitet, Element nicht mehr vorhanden: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Overridden: %1 → now %2</source>
        <translation>Überschrieben: %1 → jetzt %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>… and %1 more inferences of this kind (select the elements and edit them in the Properties dock)</source>
        <translation>… und %1 weitere Ableitungen dieser Art (wählen Sie die Elemente aus und bearbeiten Sie sie im Eigenschaften-Dock)</translation>
    </message>
    <message>
        <location line="+35"/>
        <location line="+4"/>
        <location line="+4"/>
        <source>Override Inference</source>
        <translation>Ableitung überschreiben</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>%1 (inferred: %2):</source>
        <translation>%1 (abgeleitet: %2):</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rate %1 runs at, in Gbit/s (or &quot;up&quot; for its full capacity):</source>
        <translation>Rate, mit der %1 läuft, in Gbit/s (oder „up“ für die volle Kapazität):</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rack of %1:</source>
        <translation>Rack von %1:</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Intent: %1</source>
        <translation>Intent: %1</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Job %1 cannot be read (kept as it was, saved back unchanged): %2</source>
        <translation>Job %1 kann nicht gelesen werden (bleibt, wie er war, und wird unverändert zurückgespeichert): %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Edit refused: %1</source>
        <translation>Änderung abgelehnt: %1</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>… and %1 more validation problems</source>
        <translation>… und %1 weitere Validierungsprobleme</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 is down</source>
        <translation>%1 ist außer Betrieb</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is degraded: %2 of %3 Gbit/s</source>
        <translation>%1 ist eingeschränkt: %2 von %3 Gbit/s</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>… and %1 more links down or degraded</source>
        <translation>… und %1 weitere Links außer Betrieb oder eingeschränkt</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Bisection is an upper bound (%1); the true minimum cut may be lower</source>
        <translation>Die Bisektion ist eine Obergrenze (%1); der tatsächliche minimale Schnitt kann niedriger sein</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 has no uplink capacity left (what-if): oversubscription ∞</source>
        <translation>%1 hat keine Uplink-Kapazität mehr (Was-wäre-wenn): Überbuchung ∞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 has no uplink capacity: oversubscription ∞</source>
        <translation>%1 hat keine Uplink-Kapazität: Überbuchung ∞</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>… and %1 more %2 without uplink capacity</source>
        <translation>… und %1 weitere %2 ohne Uplink-Kapazität</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 failed (what-if)</source>
        <translation>%1 ausgefallen (Was-wäre-wenn)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>… and %1 more failed elements (what-if)</source>
        <translation>… und %1 weitere ausgefallene Elemente (Was-wäre-wenn)</translation>
    </message>
</context>
<context>
    <name>Railyard::ProblemsModel</name>
    <message>
        <location filename="../views/docks/problemsmodel.cpp" line="+56"/>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Element</source>
        <translation>Element</translation>
    </message>
</context>
<context>
    <name>Railyard::PropertiesDock</name>
    <message>
        <location filename="../views/docks/propertiesdock.cpp" line="+35"/>
        <source>%1 Gbit/s</source>
        <translation>%1 Gbit/s</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>1 port</source>
        <translation>1 Port</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 ports</source>
        <translation>%1 Ports</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Leaf switch</source>
        <translation>Leaf-Switch</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spine switch</source>
        <translation>Spine-Switch</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Core switch</source>
        <translation>Core-Switch</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Switch (no tier)</source>
        <translation>Switch (ohne Ebene)</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+341"/>
        <location line="+63"/>
        <source>up</source>
        <translation>in Betrieb</translation>
    </message>
    <message>
        <location line="-403"/>
        <source>down</source>
        <translation>außer Betrieb</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>degraded</source>
        <translation>eingeschränkt</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Properties</source>
        <translation>Eigenschaften</translation>
    </message>
    <message>
        <location line="+116"/>
        <source>No fabric</source>
        <translation>Keine Fabric</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Open or create a fabric to see the properties of its elements.</source>
        <translation>Öffnen oder erstellen Sie eine Fabric, um die Eigenschaften ihrer Elemente zu sehen.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Nothing selected</source>
        <translation>Nichts ausgewählt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select a host, switch or link on the canvas or in the outline to see its properties.</source>
        <translation>Wählen Sie auf der Zeichenfläche oder in der Gliederung einen Host, Switch oder Link aus, um seine Eigenschaften zu sehen.</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+247"/>
        <source>Link</source>
        <translation>Link</translation>
    </message>
    <message>
        <location line="-244"/>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Not in this fabric</source>
        <translation>Nicht in dieser Fabric</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>1 host</source>
        <translation>1 Host</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 hosts</source>
        <translation>%1 Hosts</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 switch</source>
        <translation>1 Switch</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 switches</source>
        <translation>%1 Switches</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 link</source>
        <translation>1 Link</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 links</source>
        <translation>%1 Links</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1. Showing the first: %2 (%3).</source>
        <translation>%1. Angezeigt wird das erste: %2 (%3).</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 elements selected</source>
        <translation>%1 Elemente ausgewählt</translation>
    </message>
    <message>
        <location line="+238"/>
        <source> Gbit/s</source>
        <translation> Gbit/s</translation>
    </message>
    <message>
        <location line="-191"/>
        <source>Nominal capacity per direction; Enter applies (undoable)</source>
        <translation>Nennkapazität je Richtung; Eingabetaste übernimmt (rückgängig machbar)</translation>
    </message>
    <message>
        <location line="-69"/>
        <source>Live</source>
        <translation>Live</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>The rate the link actually runs at: below its capacity it is degraded (a flapping optic, a link trained down), 0 takes it down. Saved with the fabric; Enter applies (undoable)</source>
        <translation>Die Rate, mit der der Link tatsächlich läuft: unter seiner Kapazität ist er eingeschränkt (eine flatternde Optik, ein heruntergeregelter Link), 0 nimmt ihn außer Betrieb. Wird mit der Fabric gespeichert; Eingabetaste übernimmt (rückgängig machbar)</translation>
    </message>
    <message>
        <location line="+35"/>
        <location line="+2"/>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <location line="-1"/>
        <location line="+61"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location line="-59"/>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 GB/s per GPU</source>
        <translation>%1 GB/s je GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NVLink SHARP</source>
        <translation>NVLink SHARP</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+64"/>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <location line="-64"/>
        <location line="+64"/>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <location line="-62"/>
        <location line="+11"/>
        <source>NVLink domain</source>
        <translation>NVLink-Domäne</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>none (this host&apos;s GPUs only)</source>
        <translation>keine (nur die GPUs dieses Hosts)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 · 1 host · %2 GPUs</source>
        <translation>%1 · 1 Host · %2 GPUs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 · %2 hosts · %3 GPUs</source>
        <translation>%1 · %2 Hosts · %3 GPUs</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+8"/>
        <source>NICs</source>
        <translation>NICs</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>NIC %1</source>
        <translation>NIC %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>rail %1 · %2 · %3</source>
        <translation>Rail %1 · %2 · %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+39"/>
        <source>Location</source>
        <translation>Standort</translation>
    </message>
    <message>
        <location line="-38"/>
        <location line="+39"/>
        <source>Zone</source>
        <translation>Zone</translation>
    </message>
    <message>
        <location line="-38"/>
        <location line="+39"/>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <location line="-38"/>
        <location line="+39"/>
        <source>Scalable unit</source>
        <translation>Scalable Unit (SU)</translation>
    </message>
    <message>
        <location line="-38"/>
        <location line="+39"/>
        <source>Rack</source>
        <translation>Rack</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>Connectivity</source>
        <translation>Anbindung</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Links</source>
        <translation>Links</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Injection</source>
        <translation>Injektionsbandbreite</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attached (what-if)</source>
        <translation>Angebunden (Was-wäre-wenn)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Attached</source>
        <translation>Angebunden</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Switch</source>
        <translation>Switch</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tier</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Radix</source>
        <translation>Radix</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ports used</source>
        <translation>Belegte Ports</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+62"/>
        <source>Plane</source>
        <translation>Plane</translation>
    </message>
    <message>
        <location line="-61"/>
        <source>Rail</source>
        <translation>Rail</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHARP</source>
        <translation>SHARP</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+57"/>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <location line="-57"/>
        <location line="+65"/>
        <source>failed (what-if)</source>
        <translation>ausgefallen (Was-wäre-wenn)</translation>
    </message>
    <message>
        <location line="-57"/>
        <source>Capacity (what-if)</source>
        <translation>Kapazität (Was-wäre-wenn)</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+48"/>
        <source>Capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <location line="-39"/>
        <location line="+12"/>
        <source>Down</source>
        <translation>Abwärts</translation>
    </message>
    <message>
        <location line="-11"/>
        <location line="+12"/>
        <source>Up</source>
        <translation>Aufwärts</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>∞ (no uplink capacity)</source>
        <translation>∞ (keine Uplink-Kapazität)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>— (top tier)</source>
        <translation>— (oberste Ebene)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>— (no links)</source>
        <translation>— (keine Links)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 : 1</source>
        <translation>%1 : 1</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+5"/>
        <source>Oversubscription</source>
        <translation>Überbuchung</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>analysing…</source>
        <translation>wird analysiert…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no analysis</source>
        <translation>keine Analyse</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>(missing)</source>
        <translation>(fehlt)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 · port %2</source>
        <translation>%1 · Port %2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 · port unassigned</source>
        <translation>%1 · Port nicht zugewiesen</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>End A</source>
        <translation>Ende A</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>End B</source>
        <translation>Ende B</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Runs at</source>
        <translation>Läuft mit</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What-if</source>
        <translation>Was-wäre-wenn</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+2"/>
        <source>down: %1 failed (what-if)</source>
        <translation>außer Betrieb: %1 ausgefallen (Was-wäre-wenn)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Carries</source>
        <translation>Überträgt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 per direction</source>
        <translation>%1 je Richtung</translation>
    </message>
</context>
<context>
    <name>Railyard::RecableDialog</name>
    <message>
        <location filename="../views/dialogs/recabledialog.cpp" line="+13"/>
        <source>Re-cable %1</source>
        <translation>%1 neu verkabeln</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1, port %2</source>
        <translation>%1, Port %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A: %1</source>
        <translation>A: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>B: %1</source>
        <translation>B: %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>lowest free</source>
        <translation>niedrigster freier</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move end</source>
        <translation>Ende umstecken</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To node</source>
        <translation>An Knoten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Enter the host or switch the end moves to.</source>
        <translation>Geben Sie den Host oder Switch ein, an den das Ende kommt.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>There is no host or switch %1.</source>
        <translation>Es gibt keinen Host oder Switch %1.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A link needs two different ends.</source>
        <translation>Ein Link braucht zwei verschiedene Enden.</translation>
    </message>
</context>
<context>
    <name>Railyard::RecentFiles</name>
    <message>
        <location filename="../views/recentfiles.cpp" line="+63"/>
        <source>No recent files</source>
        <translation>Keine zuletzt geöffneten Dateien</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear List</source>
        <translation>Liste leeren</translation>
    </message>
</context>
<context>
    <name>Railyard::ReportExporter</name>
    <message>
        <location filename="../views/export/reportexporter.cpp" line="+88"/>
        <source>Fabric report</source>
        <translation>Fabric-Bericht</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Fabric report: %1</source>
        <translation>Fabric-Bericht: %1</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Oversubscription per tier</source>
        <translation>Überbuchung je Ebene</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Capacity per tier</source>
        <translation>Kapazität je Ebene</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Bisection ratio</source>
        <translation>Bisektionsverhältnis</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The fabric</source>
        <translation>Die Fabric</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Designs compared, relative to the first</source>
        <translation>Verglichene Entwürfe, relativ zum ersten</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Designs compared</source>
        <translation>Verglichene Entwürfe</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>With the job %1 placed on each design alone.</source>
        <translation>Mit dem Job %1, allein auf jedem Entwurf platziert.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Counts</source>
        <translation>Mengen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Switches</source>
        <translation>Switches</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 switches</source>
        <translation>%1-Switches</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Links</source>
        <translation>Links</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rails</source>
        <translation>Rails</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Planes</source>
        <translation>Planes</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Links by tier and speed</source>
        <translation>Links nach Ebene und Geschwindigkeit</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>from</source>
        <translation>von</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>to</source>
        <translation>nach</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>speed (per direction)</source>
        <translation>Geschwindigkeit (je Richtung)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>links</source>
        <translation>Links</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Oversubscription (down : up)</source>
        <translation>Überbuchung (abwärts : aufwärts)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>tier</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>switches</source>
        <translation>Switches</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>down</source>
        <translation>abwärts</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>up</source>
        <translation>aufwärts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>aggregate</source>
        <translation>gesamt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>worst switch</source>
        <translation>schlechtester Switch</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>worst switch id</source>
        <translation>ID des schlechtesten Switches</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>— (top tier)</source>
        <translation>— (oberste Ebene)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Bisection bandwidth</source>
        <translation>Bisektionsbandbreite</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Bisection (per direction)</source>
        <translation>Bisektion (je Richtung)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Full bisection (per direction)</source>
        <translation>Volle Bisektion (je Richtung)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ratio to full</source>
        <translation>Anteil an der vollen Bisektion</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>exact</source>
        <translation>exakt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>upper bound (the true bisection may be lower)</source>
        <translation>Obergrenze (die tatsächliche Bisektion kann niedriger sein)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Links in the cut</source>
        <translation>Links im Schnitt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs on each side</source>
        <translation>GPUs je Seite</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 | %2</source>
        <translation>%1 | %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+46"/>
        <source>, and %1 more</source>
        <translation> und %1 weitere</translation>
    </message>
    <message>
        <location line="-45"/>
        <source>Cut links:</source>
        <translation>Links im Schnitt:</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>What-if: before → after</source>
        <translation>Was-wäre-wenn: vorher → nachher</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>before</source>
        <translation>vorher</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>after</source>
        <translation>nachher</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>bisection (per direction)</source>
        <translation>Bisektion (je Richtung)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>bisection ratio</source>
        <translation>Bisektionsverhältnis</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 aggregate</source>
        <translation>%1 (gesamt)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 worst switch</source>
        <translation>%1 (schlechtester Switch)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Cut changed: +%1 / −%2 links</source>
        <translation>Schnitt geändert: +%1 / −%2 Links</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Failed (%1):</source>
        <translation>Ausgefallen (%1):</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 · Railyard</source>
        <translation>%1 · Railyard</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 · Railyard %2</source>
        <translation>%1 · Railyard %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Capacities are per direction, in Gbit/s unless marked Tbit/s.</source>
        <translation>Kapazitäten gelten je Richtung, in Gbit/s, sofern nicht als Tbit/s gekennzeichnet.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The analysis has not finished: no oversubscription or bisection figures.</source>
        <translation>Die Analyse ist nicht abgeschlossen: keine Werte zu Überbuchung oder Bisektion.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Charts and canvas</source>
        <translation>Diagramme und Zeichenfläche</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Cannot write the report %1: unknown format &quot;%2&quot; (use .html or .pdf).</source>
        <translation>Der Bericht %1 kann nicht geschrieben werden: unbekanntes Format „%2“ (.html oder .pdf verwenden).</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+29"/>
        <location line="+3"/>
        <source>Cannot write the report %1: %2</source>
        <translation>Der Bericht %1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>Railyard::ResilienceDock</name>
    <message>
        <location filename="../views/docks/resiliencedock.cpp" line="+78"/>
        <source>Resilience</source>
        <translation>Resilienz</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>N-1: every single failure</source>
        <translation>N-1: jeder einzelne Ausfall</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>N-2: every pair of failures</source>
        <translation>N-2: jedes Paar von Ausfällen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Monte Carlo: random scenarios</source>
        <translation>Monte Carlo: zufällige Szenarien</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Study:</source>
        <translation>Studie:</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+421"/>
        <source>all switches and links</source>
        <translation>alle Switches und Links</translation>
    </message>
    <message>
        <location line="-420"/>
        <source>The elements to fail: comma-separated KIND[:GLOB], KIND one of all, switches, links, leaf, spine, core, host-links, switch-links, nics; GLOB matches ids and location paths zone/pod/su/rack, e.g. spine:*/pod-03/*</source>
        <translation>Die Elemente, die ausfallen sollen: durch Kommas getrennt KIND[:GLOB], KIND eines von all, switches, links, leaf, spine, core, host-links, switch-links, nics; GLOB passt auf IDs und Standortpfade zone/pod/su/rack, z. B. spine:*/pod-03/*</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Scope:</source>
        <translation>Umfang:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Scenarios:</source>
        <translation>Szenarien:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>by failure rates</source>
        <translation>nach Ausfallraten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Monte Carlo: exactly this many random elements of the scope down per scenario, or each element down with its steady-state probability (the documented default rates)</source>
        <translation>Monte Carlo: genau so viele zufällige Elemente des Umfangs fallen je Szenario aus, oder jedes Element fällt mit seiner stationären Wahrscheinlichkeit aus (die dokumentierten Standardraten)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failures each:</source>
        <translation>Ausfälle je Szenario:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Seed:</source>
        <translation>Startwert:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Price the current job</source>
        <translation>Aktuellen Job bewerten</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Each scenario also prices the Jobs dock&apos;s current job: its step communication time on its placement, re-placed when a failure cuts its hosts off</source>
        <translation>Jedes Szenario bewertet auch den aktuellen Job des Jobs-Docks: seine Kommunikationszeit je Schritt auf seiner Platzierung, neu platziert, wenn ein Ausfall seine Hosts abschneidet</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>as the fabric routes</source>
        <translation>wie die Fabric routet</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fluid (ideal)</source>
        <translation>Fluid-Modell (ideal)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ECMP</source>
        <translation>ECMP</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>adaptive</source>
        <translation>adaptiv</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hashed</source>
        <translation>gehasht</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>static</source>
        <translation>statisch</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Job:</source>
        <translation>Job:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Run Study</source>
        <translation>Studie ausführen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run the failure study (Ctrl+Shift+R)</source>
        <translation>Die Ausfallstudie ausführen (Ctrl+Shift+R)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The design changed since this study: run it again.</source>
        <translation>Der Entwurf hat sich seit dieser Studie geändert: erneut ausführen.</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>&lt;b&gt;Worst scenarios&lt;/b&gt; (click one to try it as a what-if)</source>
        <translation>&lt;b&gt;Schlechteste Szenarien&lt;/b&gt; (eines anklicken, um es als Was-wäre-wenn auszuprobieren)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Colour the worst on the canvas</source>
        <translation>Die schlechtesten auf der Zeichenfläche einfärben</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Colour the elements failed most often in the worst 1 % of scenarios</source>
        <translation>Die Elemente einfärben, die in den schlechtesten 1 % der Szenarien am häufigsten ausgefallen sind</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Studying failures… %1 of %2 scenarios evaluated</source>
        <translation>Ausfälle werden untersucht… %1 von %2 Szenarien ausgewertet</translation>
    </message>
    <message>
        <location line="+97"/>
        <source>Price %1</source>
        <translation>%1 bewerten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price the current job (none)</source>
        <translation>Aktuellen Job bewerten (keiner)</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Studying failures…</source>
        <translation>Ausfälle werden untersucht…</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Cancelled: nothing kept (the study before, if any, still stands).</source>
        <translation>Abgebrochen: nichts behalten (die vorherige Studie, falls vorhanden, bleibt bestehen).</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Study finished in %1 s.</source>
        <translation>Studie in %1 s abgeschlossen.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The study failed: %1</source>
        <translation>Die Studie ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>The failure study kept with the design does not read: %1</source>
        <translation>Die mit dem Entwurf gespeicherte Ausfallstudie kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>No failure study yet. Choose a study and press &lt;b&gt;Run Study&lt;/b&gt;: N-1 fails every switch and link on its own, equivalent failures evaluated once.</source>
        <translation>Noch keine Ausfallstudie. Wählen Sie eine Studie und drücken Sie &lt;b&gt;Studie ausführen&lt;/b&gt;: N-1 lässt jeden Switch und jeden Link einzeln ausfallen, gleichwertige Ausfälle werden nur einmal ausgewertet.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>cannot run</source>
        <translation>nicht lauffähig</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&lt;b&gt;Monte Carlo&lt;/b&gt; over %1: %2 scenarios, %3, seed %4; %5 what-ifs computed.</source>
        <translation>&lt;b&gt;Monte Carlo&lt;/b&gt; über %1: %2 Szenarien, %3, Startwert %4; %5 Was-wäre-wenn-Fälle berechnet.</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n failures each</source>
        <translation>
            <numerusform>%n Ausfall je Szenario</numerusform>
            <numerusform>%n Ausfälle je Szenario</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failures by rate (%1)</source>
        <translation>Ausfälle nach Rate (%1)</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>&lt;b&gt;%1&lt;/b&gt; over %2: %3 scenarios stood for by %n classes; %4 what-ifs computed.</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; über %2: %3 Szenarien, vertreten durch %n Klasse; %4 Was-wäre-wenn-Fälle berechnet.</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; über %2: %3 Szenarien, vertreten durch %n Klassen; %4 Was-wäre-wenn-Fälle berechnet.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>N-1</source>
        <translation>N-1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>N-2</source>
        <translation>N-2</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n classes split by their check.</source>
        <translation>
            <numerusform>%n Klasse durch ihre Prüfung aufgeteilt.</numerusform>
            <numerusform>%n Klassen durch ihre Prüfung aufgeteilt.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Healthy bisection %1.</source>
        <translation>Bisektion der intakten Fabric: %1.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Job %1: %2 ms per step (%3).</source>
        <translation>Job %1: %2 ms je Schritt (%3).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Bisection&lt;/b&gt; (% of healthy, met by that share): p50 %1, &lt;b&gt;p95 %2&lt;/b&gt;, &lt;b&gt;p99 %3&lt;/b&gt;, worst %4.</source>
        <translation>&lt;b&gt;Bisektion&lt;/b&gt; (% des intakten Werts, von diesem Anteil erreicht): p50 %1, &lt;b&gt;p95 %2&lt;/b&gt;, &lt;b&gt;p99 %3&lt;/b&gt;, schlechtester Wert %4.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Step slowdown&lt;/b&gt; (×, not exceeded by that share): p50 %1, &lt;b&gt;p95 %2&lt;/b&gt;, &lt;b&gt;p99 %3&lt;/b&gt;, worst %4.</source>
        <translation>&lt;b&gt;Schrittverlangsamung&lt;/b&gt; (×, von diesem Anteil nicht überschritten): p50 %1, &lt;b&gt;p95 %2&lt;/b&gt;, &lt;b&gt;p99 %3&lt;/b&gt;, schlechtester Wert %4.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A %1-GPU job fits rail-aligned in one pod in %2 % of scenarios (%3–%4).</source>
        <translation>Ein Job mit %1 GPUs passt in %2 % der Szenarien rail-ausgerichtet in einen Pod (%3–%4).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cancelled: the figures cover the scenarios finished.</source>
        <translation>Abgebrochen: die Werte umfassen die abgeschlossenen Szenarien.</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>p50 / p95 / p99</source>
        <translation>p50 / p95 / p99</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>share ≤ x</source>
        <translation>Anteil ≤ x</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Bisection under failures (CDF)</source>
        <translation>Bisektion bei Ausfällen (CDF)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bisection, % of healthy</source>
        <translation>Bisektion, % des intakten Werts</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bisection %</source>
        <translation>Bisektion %</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Step slowdown of %1 (CDF)</source>
        <translation>Schrittverlangsamung von %1 (CDF)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>step time, × healthy</source>
        <translation>Schrittzeit, × intakt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>slowdown</source>
        <translation>Verlangsamung</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Failure study: the worst 1 % (bisection ≤ %1 %)</source>
        <translation>Ausfallstudie: die schlechtesten 1 % (Bisektion ≤ %1 %)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed most often in the worst (%1)</source>
        <translation>in den schlechtesten am häufigsten ausgefallen (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>also failed in the worst (%1)</source>
        <translation>in den schlechtesten ebenfalls ausgefallen (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not in the worst</source>
        <translation>nicht in den schlechtesten</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>What-if: %1</source>
        <translation>Was-wäre-wenn: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>nothing failed</source>
        <translation>nichts ausgefallen</translation>
    </message>
</context>
<context>
    <name>Railyard::ResilienceWorstModel</name>
    <message>
        <location filename="../views/docks/resiliencemodel.cpp" line="+15"/>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>, … (%n in all)</source>
        <translation>
            <numerusform>, … (%n insgesamt)</numerusform>
            <numerusform>, … (%n insgesamt)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Click to fail these elements as a what-if.</source>
        <translation>Klicken, um diese Elemente als Was-wäre-wenn ausfallen zu lassen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every member of the class: %1</source>
        <translation>Alle Mitglieder der Klasse: %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 %2:1</source>
        <translation>%1 %2:1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>cannot run</source>
        <translation>nicht lauffähig</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>× %1%2</source>
        <translation>× %1%2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source> (re-placed)</source>
        <translation> (neu platziert)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>Ausgefallen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scenarios</source>
        <translation>Szenarien</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bisection</source>
        <translation>Bisektion</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Oversubscription</source>
        <translation>Überbuchung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
</context>
<context>
    <name>Railyard::SelectionEditor</name>
    <message>
        <location filename="../views/docks/selectioneditor.cpp" line="+61"/>
        <source>Enter renames the element (undoable); the id must be unique</source>
        <translation>Eingabe benennt das Element um (rückgängig zu machen); die ID muss eindeutig sein</translation>
    </message>
    <message>
        <location line="+11"/>
        <source> Gbit/s</source>
        <translation> Gbit/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <location line="+127"/>
        <location line="+5"/>
        <location line="+8"/>
        <location line="+3"/>
        <source>mixed</source>
        <translation>gemischt</translation>
    </message>
    <message>
        <location line="-135"/>
        <source>The multi-host NVLink domain (e.g. an NVL72 rack) the hosts share; empty: each host&apos;s NVLink reaches only its own GPUs</source>
        <translation>Die Multi-Host-NVLink-Domäne (z. B. ein NVL72-Rack), die sich die Hosts teilen; leer: das NVLink jedes Hosts erreicht nur seine eigenen GPUs</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Apply</source>
        <translation>Anwenden</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Set the changed fields on every selected element that has them (one undo step)</source>
        <translation>Die geänderten Felder für jedes ausgewählte Element setzen, das sie hat (ein Rückgängig-Schritt)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Switch model</source>
        <translation>Switch-Modell</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Radix</source>
        <translation>Radix</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tier</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU model</source>
        <translation>GPU-Modell</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NVLink domain</source>
        <translation>NVLink-Domäne</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Edit %1 elements</source>
        <translation>%1 Elemente bearbeiten</translation>
    </message>
    <message>
        <location line="+18"/>
        <location line="+13"/>
        <location line="+3"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
</context>
<context>
    <name>Railyard::SubnetManagerDock</name>
    <message>
        <location filename="../views/docks/subnetmanagerdock.cpp" line="+54"/>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Subnet Manager</source>
        <translation>Subnet-Manager</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>OpenSM&apos;s routing engine; ftree-no-roots is ftree left to guess the roots</source>
        <translation>Routing-Engine von OpenSM; ftree-no-roots ist ftree, das die Wurzeln selbst errät</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run OpenSM</source>
        <translation>OpenSM ausführen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load Tables…</source>
        <translation>Tabellen laden…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Forwarding tables from a real fabric: dump_fts, ibroute or opensm -D output</source>
        <translation>Weiterleitungstabellen einer echten Fabric: Ausgabe von dump_fts, ibroute oder opensm -D</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Nothing</source>
        <translation>Nichts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Routes carried</source>
        <translation>Getragene Routen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Random bisection load</source>
        <translation>Last zufälliger Bisektionen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Colour links by:</source>
        <translation>Links färben nach:</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Compare Engines</source>
        <translation>Engines vergleichen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run OpenSM once per engine under ibsim and measure each (with the current job)</source>
        <translation>OpenSM je Engine einmal unter ibsim ausführen und jede messen (mit dem aktuellen Job)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The fabric changed since this comparison: compare again.</source>
        <translation>Die Fabric hat sich seit diesem Vergleich geändert: erneut vergleichen.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Double-click an engine to route by its tables</source>
        <translation>Doppelklick auf eine Engine routet nach ihren Tabellen</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Load Forwarding Tables</source>
        <translation>Weiterleitungstabellen laden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forwarding tables (*.dump_fts *.dump *.ibroute *.txt);;All files (*)</source>
        <translation>Weiterleitungstabellen (*.dump_fts *.dump *.ibroute *.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+93"/>
        <location line="+19"/>
        <source>No fabric is open.</source>
        <translation>Keine Fabric ist geöffnet.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>OpenSM (%1) is routing the fabric under ibsim…</source>
        <translation>OpenSM (%1) routet die Fabric unter ibsim…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 (OpenSM under ibsim, %2 s)</source>
        <translation>%1 (OpenSM unter ibsim, %2 s)</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Tracing every path and %1 random bisections…</source>
        <translation>Jeder Pfad und %1 zufällige Bisektionen werden verfolgt…</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>The tables route none of this fabric&apos;s switches.</source>
        <translation>Die Tabellen routen keinen Switch dieser Fabric.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>No forwarding tables: run OpenSM on the design, or load a dump from a fabric.</source>
        <translation>Keine Weiterleitungstabellen: OpenSM auf dem Entwurf ausführen oder einen Dump einer Fabric laden.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tables: %1</source>
        <translation>Tabellen: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&lt;b&gt;Paths&lt;/b&gt;: %1 of %2 routed</source>
        <translation>&lt;b&gt;Pfade&lt;/b&gt;: %1 von %2 geroutet</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> — &lt;font color=&quot;#c0392b&quot;&gt;%1 without a route, %2 loops&lt;/font&gt;</source>
        <translation> — &lt;font color=&quot;#c0392b&quot;&gt;%1 ohne Route, %2 Schleifen&lt;/font&gt;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;br&gt;&lt;b&gt;Balance&lt;/b&gt;: %1</source>
        <translation>&lt;br&gt;&lt;b&gt;Balance&lt;/b&gt;: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>perfect</source>
        <translation>perfekt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>uneven</source>
        <translation>ungleich</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;br&gt;&amp;nbsp;&amp;nbsp;%1 → %2: %3–%4 routes per port (busiest %5)</source>
        <translation>&lt;br&gt;&amp;nbsp;&amp;nbsp;%1 → %2: %3–%4 Routen je Port (am stärksten belegt: %5)</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>&lt;br&gt;&amp;nbsp;&amp;nbsp;%n switch link(s) carry no route</source>
        <translation>
            <numerusform>&lt;br&gt;&amp;nbsp;&amp;nbsp;%n Switch-Link trägt keine Route</numerusform>
            <numerusform>&lt;br&gt;&amp;nbsp;&amp;nbsp;%n Switch-Links tragen keine Route</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;br&gt;&lt;b&gt;Effective bisection&lt;/b&gt;: %1 Gb/s mean, %2 Gb/s 5th percentile over %3 random bisections: %4 (%5) of the min cut, %6 Gb/s</source>
        <translation>&lt;br&gt;&lt;b&gt;Effektive Bisektion&lt;/b&gt;: %1 Gb/s Mittel, %2 Gb/s 5. Perzentil über %3 zufällige Bisektionen: %4 (%5) des Min-Cuts, %6 Gb/s</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&lt;br&gt;&lt;b&gt;Job %1&lt;/b&gt;: %2</source>
        <translation>&lt;br&gt;&lt;b&gt;Job %1&lt;/b&gt;: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;br&gt;&lt;b&gt;Job %1&lt;/b&gt;: %2 ms per step under the tables (fluid %3 ms, D-mod-k model %4 ms); limited by %5</source>
        <translation>&lt;br&gt;&lt;b&gt;Job %1&lt;/b&gt;: %2 ms je Schritt unter den Tabellen (fluid %3 ms, D-mod-k-Modell %4 ms); begrenzt durch %5</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Routes carried, share of the busiest link&apos;s %1 (%2)</source>
        <translation>Getragene Routen, Anteil an den %1 des meistbelegten Links (%2)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Load of %1 random bisections under %2</source>
        <translation>Last von %1 zufälligen Bisektionen unter %2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Comparing routing engines…</source>
        <translation>Routing-Engines werden verglichen…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Comparing routing engines… %1 of %2</source>
        <translation>Routing-Engines werden verglichen… %1 von %2</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Effective bisection (% of the min cut)</source>
        <translation>Effektive Bisektion (% des Min-Cuts)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>random, mean</source>
        <translation>zufällig, Mittel</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>random, 5th percentile</source>
        <translation>zufällig, 5. Perzentil</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>shift</source>
        <translation>Shift</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job step under the tables</source>
        <translation>Job-Schritt unter den Tabellen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ms per step</source>
        <translation>ms je Schritt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>step communication</source>
        <translation>Kommunikation je Schritt</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 (OpenSM under ibsim)</source>
        <translation>%1 (OpenSM unter ibsim)</translation>
    </message>
</context>
<context>
    <name>Railyard::TemplateDialog</name>
    <message>
        <location filename="../views/dialogs/templatedialog.cpp" line="-543"/>
        <source>New from Template</source>
        <translation>Neu aus Vorlage</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Design to start from</source>
        <translation>Ausgangsentwurf</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Name of the new fabric; follows the parameters until you edit it</source>
        <translation>Name der neuen Fabric; folgt den Parametern, bis Sie ihn bearbeiten</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Preview</source>
        <translation>Vorschau</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>GPUs:</source>
        <translation>GPUs:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hosts:</source>
        <translation>Hosts:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Switches:</source>
        <translation>Switches:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Links:</source>
        <translation>Links:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tiers:</source>
        <translation>Ebenen:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Oversubscription:</source>
        <translation>Überbuchung:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bisection:</source>
        <translation>Bisektion:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Create</source>
        <translation>&amp;Erstellen</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>Switch radix k (even): k³/4 hosts, k pods, 5k²/4 switches of k ports each</source>
        <translation>Switch-Radix k (gerade): k³/4 Hosts, k Pods, 5k²/4 Switches mit je k Ports</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Speed of every link (host NICs included), Gbit/s per direction</source>
        <translation>Geschwindigkeit jedes Links (einschließlich Host-NICs), Gbit/s je Richtung</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+89"/>
        <location line="+5"/>
        <source> Gbit/s</source>
        <translation> Gbit/s</translation>
    </message>
    <message>
        <location line="-91"/>
        <source>&amp;k (radix):</source>
        <translation>&amp;k (Radix):</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+148"/>
        <source>&amp;Link speed:</source>
        <translation>&amp;Link-Geschwindigkeit:</translation>
    </message>
    <message>
        <location line="-147"/>
        <source>Fat-tree</source>
        <translation>Fat-Tree</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>k-ary fat-tree (Al-Fares et al. 2008): k³/4 single-NIC hosts in k pods of k/2 edge and k/2 aggregation switches, (k/2)² core switches, all of radix k; non-blocking.</source>
        <translation>k-ärer Fat-Tree (Al-Fares et al. 2008): k³/4 Hosts mit je einer NIC in k Pods aus k/2 Edge- und k/2 Aggregation-Switches, (k/2)² Core-Switches, alle mit Radix k; blockierungsfrei.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Scalable units (SUs) of 32 DGX hosts × 8 GPUs = 256 GPUs each</source>
        <translation>Scalable Units (SUs) aus je 32 DGX-Hosts × 8 GPUs = 256 GPUs</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Scalable units:</source>
        <translation>&amp;Scalable Units (SU):</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+125"/>
        <source>&amp;GPU model:</source>
        <translation>&amp;GPU-Modell:</translation>
    </message>
    <message>
        <location line="-124"/>
        <source>DGX SuperPOD</source>
        <translation>DGX SuperPOD</translation>
    </message>
    <message>
        <location line="-283"/>
        <source>Leaf switch: </source>
        <translation>Leaf-Switch: </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spine switch: </source>
        <translation>Spine-Switch: </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NIC: </source>
        <translation>NIC: </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Adaptive routing: </source>
        <translation>Adaptives Routing: </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Link speed: </source>
        <translation>Link-Geschwindigkeit: </translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Hardware</source>
        <translation>Hardware</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>As the design says</source>
        <translation>Wie im Entwurf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>InfiniBand</source>
        <translation>InfiniBand</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ethernet</source>
        <translation>Ethernet</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The link layer; it decides the routing: static tables on InfiniBand, ECMP hashing on Ethernet</source>
        <translation>Die Sicherungsschicht; sie bestimmt das Routing: statische Tabellen bei InfiniBand, ECMP-Hashing bei Ethernet</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Switch model of every tier; its breakout at the NICs&apos; speed sets the radix</source>
        <translation>Switch-Modell jeder Ebene; sein Breakout bei der Geschwindigkeit der NICs bestimmt den Radix</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Switch model of the tiers above the leaf, at the leaves&apos; uplink speed</source>
        <translation>Switch-Modell der Ebenen über dem Leaf, bei der Uplink-Geschwindigkeit der Leaves</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>NIC model: its port speed is the hosts&apos; link speed</source>
        <translation>NIC-Modell: seine Port-Geschwindigkeit ist die Link-Geschwindigkeit der Hosts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Adaptive routing (where every switch model has it)</source>
        <translation>Adaptives Routing (wo jedes Switch-Modell es hat)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Transport:</source>
        <translation>&amp;Transport:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lea&amp;f switch:</source>
        <translation>Lea&amp;f-Switch:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>S&amp;pine switch:</source>
        <translation>S&amp;pine-Switch:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>N&amp;IC:</source>
        <translation>N&amp;IC:</translation>
    </message>
    <message>
        <location line="+109"/>
        <location line="+2"/>
        <source>The design&apos;s own</source>
        <translation>Die des Entwurfs</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Same as the leaf</source>
        <translation>Wie das Leaf</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>NVIDIA DGX SuperPOD: scalable units of 32 hosts × 8 GPUs, one leaf per rail per SU, non-blocking; radix-64 400G switches (QM9700) unless you choose others below; a core tier once the leaves outnumber a spine&apos;s ports.</source>
        <translation>NVIDIA DGX SuperPOD: Scalable Units aus 32 Hosts × 8 GPUs, ein Leaf pro Rail und SU, nicht blockierend; Radix-64-400G-Switches (QM9700), sofern Sie unten keine anderen wählen; eine Core-Ebene, sobald es mehr Leaves als Ports eines Spines gibt.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>NVL72 racks: 18 compute trays × 4 GB200 GPUs = 72 GPUs, one NVLink domain each</source>
        <translation>NVL72-Racks: 18 Compute-Trays × 4 GB200-GPUs = 72 GPUs, je eine NVLink-Domäne</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Racks:</source>
        <translation>&amp;Racks:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GB200 NVL72</source>
        <translation>GB200 NVL72</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NVIDIA GB200 NVL72: each rack is one NVLink domain of 72 GPUs (18 compute trays × 4 GB200, 900 GB/s NVLink, NVLink SHARP); one 400G ConnectX-7 per GPU into a rail-optimized, non-blocking InfiniBand fabric of radix-64 400G switches, one scalable unit per rack.</source>
        <translation>NVIDIA GB200 NVL72: jedes Rack ist eine NVLink-Domäne aus 72 GPUs (18 Compute-Trays × 4 GB200, 900 GB/s NVLink, NVLink SHARP); ein 400G-ConnectX-7 je GPU in eine rail-optimierte, nicht blockierende InfiniBand-Fabric aus Radix-64-Switches mit 400G, eine Scalable Unit je Rack.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>AI zones of 3,072 GPUs (384 hosts × 8 GPUs) each</source>
        <translation>KI-Zonen aus je 3.072 GPUs (384 Hosts × 8 GPUs)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Zones:</source>
        <translation>&amp;Zonen:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Meta AI zone</source>
        <translation>Meta-KI-Zone</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Meta-style RoCE AI zones: zones of 3,072 GPUs (384 hosts, 2 per rack, one rack switch per rack), non-blocking inside a zone; an aggregation tier joins the zones at 1:7.</source>
        <translation>RoCE-KI-Zonen nach Meta-Vorbild: Zonen aus 3.072 GPUs (384 Hosts, 2 je Rack, ein Rack-Switch je Rack), blockierungsfrei innerhalb einer Zone; eine Aggregationsebene verbindet die Zonen mit 1:7.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Segments of 128 hosts × 8 GPUs = 1,024 GPUs each; 15 segments form a pod</source>
        <translation>Segmente aus je 128 Hosts × 8 GPUs = 1.024 GPUs; 15 Segmente bilden einen Pod</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Segments:</source>
        <translation>&amp;Segmente:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Alibaba HPN</source>
        <translation>Alibaba HPN</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Alibaba HPN: segments of 128 hosts × 8 GPUs, dual-ToR 2 × 200G NICs on two planes, 51.2T leaves (128 × 200G down, 60 × 400G up), 15 segments per pod, a core tier above at 15:1.</source>
        <translation>Alibaba HPN: Segmente aus 128 Hosts × 8 GPUs, Dual-ToR-NICs mit 2 × 200G auf zwei Planes, 51,2T-Leaves (128 × 200G abwärts, 60 × 400G aufwärts), 15 Segmente je Pod, darüber eine Core-Ebene mit 15:1.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Number of GPU servers</source>
        <translation>Anzahl der GPU-Server</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs in each server</source>
        <translation>GPUs je Server</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scale-out NICs per server; NIC r of every server is on rail r</source>
        <translation>Scale-out-NICs je Server; NIC r jedes Servers liegt auf Rail r</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Speed of one NIC, Gbit/s per direction (a dual-ToR NIC splits it over its two ports)</source>
        <translation>Geschwindigkeit einer NIC, Gbit/s je Richtung (eine Dual-ToR-NIC teilt sie auf ihre zwei Ports auf)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Ports per switch, on every tier</source>
        <translation>Ports je Switch, auf jeder Ebene</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Speed of the switch-to-switch links, Gbit/s per direction</source>
        <translation>Geschwindigkeit der Links zwischen Switches, Gbit/s je Richtung</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Leaf oversubscription: capacity toward the hosts ÷ capacity toward the spines (1 = non-blocking); upper tiers are non-blocking</source>
        <translation>Leaf-Überbuchung: Kapazität zu den Hosts ÷ Kapazität zu den Spines (1 = blockierungsfrei); die oberen Ebenen sind blockierungsfrei</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Independent copies of the switch fabric; NIC port p goes to plane p mod planes</source>
        <translation>Unabhängige Kopien der Switch-Fabric; NIC-Port p geht an Plane p mod Planes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dual-ToR NICs (2 ports, each to a different leaf)</source>
        <translation>Dual-ToR-NICs (2 Ports, jeweils an ein anderes Leaf)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Each NIC has two ports of half its speed, wired to two different leaves</source>
        <translation>Jede NIC hat zwei Ports mit halber Geschwindigkeit, verbunden mit zwei verschiedenen Leaves</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NVLink SHARP (NVLS) in the hosts&apos; NVSwitch</source>
        <translation>NVLink SHARP (NVLS) im NVSwitch der Hosts</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The NVSwitch of every host reduces in the switch: enables the collective model&apos;s nvls algorithms. On by default for 8-GPU H100, H200 and B200 hosts and for GB200, where NCCL enables it</source>
        <translation>Der NVSwitch jedes Hosts reduziert im Switch: aktiviert die nvls-Algorithmen des Kollektivmodells. Standardmäßig an für Hosts mit 8 H100-, H200- oder B200-GPUs und für GB200, wo NCCL es aktiviert</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>SHARP in-network reduction in the switches</source>
        <translation>SHARP-Reduktion im Netzwerk in den Switches</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every switch reduces in the network (InfiniBand SHARP v3, Quantum-2): enables the collective model&apos;s collnet algorithm</source>
        <translation>Jeder Switch reduziert im Netzwerk (InfiniBand SHARP v3, Quantum-2): aktiviert den collnet-Algorithmus des Kollektivmodells</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hosts per scalable unit; a rail leaf serves one port of every host of its SU. Auto = as many as a leaf&apos;s down ports</source>
        <translation>Hosts je Scalable Unit; ein Rail-Leaf bedient einen Port jedes Hosts seiner SU. Automatisch = so viele, wie ein Leaf Abwärts-Ports hat</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+6"/>
        <source>auto</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Hosts per rack (physical grouping, used by layout and placement)</source>
        <translation>Hosts je Rack (physische Gruppierung, für Layout und Platzierung)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Switch tiers: 1 = leaf only, 2 = leaf-spine, 3 = leaf-spine-core; auto = the fewest that fit the radix</source>
        <translation>Switch-Ebenen: 1 = nur Leaf, 2 = Leaf-Spine, 3 = Leaf-Spine-Core; automatisch = so wenige, wie der Radix zulässt</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GPUs per multi-host NVLink domain (72 for NVL72): consecutive hosts form domains; a whole number of hosts. None = each host alone</source>
        <translation>GPUs je Multi-Host-NVLink-Domäne (72 für NVL72): aufeinanderfolgende Hosts bilden Domänen; eine ganze Zahl von Hosts. Keine = jeder Host für sich</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Hosts:</source>
        <translation>&amp;Hosts:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GP&amp;Us per host:</source>
        <translation>GP&amp;Us je Host:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Rails (NICs per host):</source>
        <translation>&amp;Rails (NICs je Host):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NIC s&amp;peed:</source>
        <translation>NIC-Ges&amp;chwindigkeit:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Switch ra&amp;dix:</source>
        <translation>Switch-Ra&amp;dix:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leaf &amp;oversubscription:</source>
        <translation>Leaf-&amp;Überbuchung:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pla&amp;nes:</source>
        <translation>&amp;Planes:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Hosts per &amp;SU:</source>
        <translation>Hosts je &amp;SU:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hosts per rac&amp;k:</source>
        <translation>Hosts je Rac&amp;k:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Tiers:</source>
        <translation>E&amp;benen:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>N&amp;VLink domain (GPUs):</source>
        <translation>N&amp;VLink-Domäne (GPUs):</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Rail-optimized</source>
        <translation>Rail-optimiert</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generic rail-optimized design: NIC r of every host of a scalable unit goes to the same leaf (one leaf per rail per SU). Choose hosts, NICs, switch radix, oversubscription and planes.</source>
        <translation>Allgemeiner rail-optimierter Entwurf: NIC r jedes Hosts einer Scalable Unit geht an dasselbe Leaf (ein Leaf je Rail und SU). Wählen Sie Hosts, NICs, Switch-Radix, Überbuchung und Planes.</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Radix and link speed follow from the models&apos; breakouts.</source>
        <translation>Radix und Link-Geschwindigkeit folgen aus den Breakouts der Modelle.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A fixed reference design: its switches are part of it. Choose models with Rail-optimized, DGX SuperPOD, GB200 NVL72 or Fat-tree.</source>
        <translation>Ein festes Referenzdesign: seine Switches gehören dazu. Modelle wählen Sie mit Rail-optimiert, DGX SuperPOD, GB200 NVL72 oder Fat-Tree.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Computing…</source>
        <translation>Wird berechnet…</translation>
    </message>
    <message>
        <location line="+100"/>
        <source>The preview failed: %1</source>
        <translation>Die Vorschau ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>, %1 planes</source>
        <translation>, %1 Planes</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>none (single tier)</source>
        <translation>keine (eine Ebene)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 % (%2 of %3 per direction, %4%5)</source>
        <translation>%1 % (%2 von %3 je Richtung, %4%5)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, upper bound</source>
        <translation>, Obergrenze</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>computed after creation</source>
        <translation>wird nach dem Erstellen berechnet</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Above %1 GPUs the preview shows counts only; the bisection is computed after creation.</source>
        <translation>Über %1 GPUs zeigt die Vorschau nur Mengen; die Bisektion wird nach dem Erstellen berechnet.</translation>
    </message>
</context>
<context>
    <name>Railyard::VersionsDock</name>
    <message>
        <location filename="../views/docks/versionsdock.cpp" line="+17"/>
        <source>Versions</source>
        <translation>Versionen</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Saved</source>
        <translation>Gespeichert</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Author</source>
        <translation>Autor</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Message</source>
        <translation>Nachricht</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Open</source>
        <translation>Ö&amp;ffnen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open this version in a new window</source>
        <translation>Diese Version in einem neuen Fenster öffnen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Restore</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Make this version the current design (undoable)</source>
        <translation>Diese Version zum aktuellen Entwurf machen (rückgängig machbar)</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Versions are kept in a Railyard project (.railyard). Save the design as a project, then File ▸ Save Version…</source>
        <translation>Versionen werden in einem Railyard-Projekt (.railyard) gespeichert. Speichern Sie den Entwurf als Projekt, dann Datei ▸ Version speichern…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 has no versions yet: File ▸ Save Version…</source>
        <translation>%1 hat noch keine Versionen: Datei ▸ Version speichern…</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n version(s) of %1</source>
        <translation>
            <numerusform>%n Version von %1</numerusform>
            <numerusform>%n Versionen von %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 hosts · %2 switches · %3 links</source>
        <translation>%1 Hosts · %2 Switches · %3 Links</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="+92"/>
        <source>Topology designer for AI training networks.</source>
        <translation>Topologie-Designer für KI-Trainingsnetzwerke.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fabric file to open (.fabric.json, .graphml).</source>
        <translation>Zu öffnende Fabric-Datei (.fabric.json, .graphml).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Render the window to &lt;png&gt; and exit.</source>
        <translation>Das Fenster als &lt;png&gt; speichern und beenden.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Window size for --screenshot, e.g. 1600x1000.</source>
        <translation>Fenstergröße für --screenshot, z. B. 1600x1000.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Zoom in on the element &lt;id&gt;.</source>
        <translation>Auf das Element &lt;id&gt; zoomen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Zoom to &lt;percent&gt; as the status bar shows it, around the --focus element or the fabric&apos;s center.</source>
        <translation>Auf &lt;percent&gt; zoomen, wie die Statusleiste es anzeigt, um das --focus-Element oder die Mitte der Fabric.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fail the element &lt;id&gt; (what-if); repeatable.</source>
        <translation>Das Element &lt;id&gt; ausfallen lassen (Was-wäre-wenn); wiederholbar.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Place the training job &lt;file&gt; (*.job.json) and show its link heatmap.</source>
        <translation>Den Trainingsjob &lt;file&gt; (*.job.json) platzieren und seine Link-Heatmap anzeigen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>With --job: compare placement strategies and routing modes.</source>
        <translation>Mit --job: Platzierungsstrategien und Routing-Modi vergleichen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bring the dock &lt;name&gt; to the front (e.g. Versions, History, Problems).</source>
        <translation>Das Dock &lt;name&gt; in den Vordergrund bringen (z. B. Versions, History, Problems).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open the network intent &lt;file&gt; (*.intent.json) in the Intents dock.</source>
        <translation>Den Netzwerk-Intent &lt;file&gt; (*.intent.json) im Intents-Dock öffnen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>With --intent: compare with the version &lt;file&gt; and draw the diff on the canvas.</source>
        <translation>Mit --intent: mit der Version &lt;file&gt; vergleichen und den Diff auf der Zeichenfläche zeichnen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start live health monitoring with the simulator running the --job.</source>
        <translation>Live-Zustandsüberwachung mit dem Simulator starten, der den --job ausführt.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start live health monitoring replaying the recording &lt;file&gt; (a .jsonl file, or PROJECT.railyard[#ID]).</source>
        <translation>Live-Zustandsüberwachung starten, die die Aufzeichnung &lt;file&gt; abspielt (eine .jsonl-Datei oder PROJEKT.railyard[#ID]).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start live health monitoring reading the Prometheus server at &lt;url&gt; (its HTTP API) for the --job.</source>
        <translation>Live-Zustandsüberwachung starten, die den Prometheus-Server unter &lt;url&gt; (seine HTTP-API) für den --job liest.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>With --health-prometheus: the series-to-fabric mapping &lt;file&gt; (JSON, docs/health.md).</source>
        <translation>Mit --health-prometheus: die Zuordnung von Zeitreihen zur Fabric &lt;file&gt; (JSON, docs/health.md).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Record the live telemetry into the open .railyard project.</source>
        <translation>Die Live-Telemetrie im geöffneten .railyard-Projekt aufzeichnen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>With --health-sim: inject the fault KIND:ID:VALUE[@INTERVAL]; repeatable.</source>
        <translation>Mit --health-sim: den Fehler KIND:ID:VALUE[@INTERVAL] einspeisen; wiederholbar.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>With --screenshot: capture live health after &lt;n&gt; intervals.</source>
        <translation>Mit --screenshot: den Live-Zustand nach &lt;n&gt; Intervallen aufnehmen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show the first incident and its runbook in the Health dock.</source>
        <translation>Den ersten Vorfall und sein Runbook im Zustand-Dock zeigen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the failure study &lt;kind&gt; (n-1, n-2, monte-carlo) in the Resilience dock (with --job: pricing the job).</source>
        <translation>Die Ausfallstudie &lt;kind&gt; (n-1, n-2, monte-carlo) im Resilienz-Dock ausführen (mit --job: mit Bewertung des Jobs).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>With --study: the elements to fail (docs/resilience.md), e.g. spine.</source>
        <translation>Mit --study: die ausfallenden Elemente (docs/resilience.md), z. B. spine.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>With --study monte-carlo: &lt;k&gt; random failures per scenario instead of the default rates.</source>
        <translation>Mit --study monte-carlo: &lt;k&gt; zufällige Ausfälle je Szenario statt der Standardraten.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>railyard: cannot open %1</source>
        <translation>railyard: %1 kann nicht geöffnet werden</translation>
    </message>
</context>
</TS>
