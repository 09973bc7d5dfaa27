<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>DetectionAnswer</name>
    <message numerus="yes">
        <location filename="../core/controlplane/controlrecords.cpp" line="+102"/>
        <source>%n rank(s)</source>
        <translation>
            <numerusform>%n rank</numerusform>
            <numerusform>%n ranks</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HealthOverlay</name>
    <message numerus="yes">
        <location filename="../views/canvas/healthoverlay.cpp" line="+102"/>
        <source>%1 (%Ln link(s))</source>
        <translation>
            <numerusform>%1 (%Ln link)</numerusform>
            <numerusform>%1 (%Ln links)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JobImpactText</name>
    <message numerus="yes">
        <location filename="../views/docks/jobimpacttext.cpp" line="+12"/>
        <source>&lt;br&gt;&lt;b&gt;Impaired links&lt;/b&gt;: %n failed or degraded link(s) carry this job&apos;s traffic. </source>
        <translation>
            <numerusform>&lt;br&gt;&lt;b&gt;Impaired links&lt;/b&gt;: %n failed or degraded link carries this job&apos;s traffic. </numerusform>
            <numerusform>&lt;br&gt;&lt;b&gt;Impaired links&lt;/b&gt;: %n failed or degraded links carry this job&apos;s traffic. </numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Railyard::AnalysisDock</name>
    <message numerus="yes">
        <location filename="../views/docks/analysisdock.cpp" line="+257"/>
        <source> · %n link(s) in the cut</source>
        <translation>
            <numerusform> · %n link in the cut</numerusform>
            <numerusform> · %n links in the cut</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Railyard::ComparisonDialog</name>
    <message numerus="yes">
        <location filename="../views/dialogs/comparisondialog.cpp" line="+212"/>
        <source>&lt;b&gt;Design&lt;/b&gt; (what should be): %1, %n cable(s)</source>
        <translation>
            <numerusform>&lt;b&gt;Design&lt;/b&gt; (what should be): %1, %n cable</numerusform>
            <numerusform>&lt;b&gt;Design&lt;/b&gt; (what should be): %1, %n cables</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;As built&lt;/b&gt; (what was discovered): %1, %n cable(s)</source>
        <translation>
            <numerusform>&lt;b&gt;As built&lt;/b&gt; (what was discovered): %1, %n cable</numerusform>
            <numerusform>&lt;b&gt;As built&lt;/b&gt; (what was discovered): %1, %n cables</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Railyard::ControlPlaneDock</name>
    <message numerus="yes">
        <location filename="../views/docks/controlplanedock.cpp" line="+292"/>
        <source>%1: %n network(s)</source>
        <translation>
            <numerusform>%1: %n network</numerusform>
            <numerusform>%1: %n networks</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Railyard::FabricCanvas</name>
    <message numerus="yes">
        <location filename="../views/canvas/fabriccanvas.cpp" line="+627"/>
        <source>%1 (%n elements)</source>
        <translation>
            <numerusform>%1 (%n element)</numerusform>
            <numerusform>%1 (%n elements)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/canvas/fabriccanvaspainter.cpp" line="+223"/>
        <source>%n link(s) · %1</source>
        <translation>
            <numerusform>%n link · %1</numerusform>
            <numerusform>%n links · %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Railyard::FabricDocument</name>
    <message numerus="yes">
        <location filename="../core/document/fabricdocument.cpp" line="+95"/>
        <source>Fail %n elements</source>
        <translation>
            <numerusform>Fail %n element</numerusform>
            <numerusform>Fail %n elements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Restore %n elements</source>
        <translation>
            <numerusform>Restore %n element</numerusform>
            <numerusform>Restore %n elements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/document/fabricdocumentedits.cpp" line="+201"/>
        <source>%1 refused: %n problem(s)</source>
        <translation>
            <numerusform>%1 refused: %n problem</numerusform>
            <numerusform>%1 refused: %n problems</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+161"/>
        <source>Delete %n elements</source>
        <translation>
            <numerusform>Delete %n element</numerusform>
            <numerusform>Delete %n elements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+65"/>
        <source>Edit %n elements</source>
        <translation>
            <numerusform>Edit %n element</numerusform>
            <numerusform>Edit %n elements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+151"/>
        <source>Move %n elements</source>
        <translation>
            <numerusform>Move %n element</numerusform>
            <numerusform>Move %n elements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+17"/>
        <source>Unpin %n element(s)</source>
        <translation>
            <numerusform>Unpin %n element</numerusform>
            <numerusform>Unpin %n elements</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Railyard::FloorDock</name>
    <message numerus="yes">
        <location filename="../views/docks/floordock.cpp" line="+257"/>
        <source>The %n longest runs (select a rack or a device for its cables):</source>
        <translation>
            <numerusform>The %n longest run (select a rack or a device for its cables):</numerusform>
            <numerusform>The %n longest runs (select a rack or a device for its cables):</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n cables of the selection:</source>
        <translation>
            <numerusform>%n cable of the selection:</numerusform>
            <numerusform>%n cables of the selection:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+26"/>
        <source>&lt;b&gt;The design&apos;s own floor&lt;/b&gt;: %n rack(s) placed.</source>
        <translation>
            <numerusform>&lt;b&gt;The design&apos;s own floor&lt;/b&gt;: %n rack placed.</numerusform>
            <numerusform>&lt;b&gt;The design&apos;s own floor&lt;/b&gt;: %n racks placed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>%n rack(s)</source>
        <translation>
            <numerusform>%n rack</numerusform>
            <numerusform>%n racks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n row</numerusform>
            <numerusform>%n rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n problem(s), listed in the Problems dock: %1</source>
        <translation>
            <numerusform>%n problem, listed in the Problems dock: %1</numerusform>
            <numerusform>%n problems, listed in the Problems dock: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Railyard::HealthAlarmModel</name>
    <message numerus="yes">
        <location filename="../views/docks/healthalarmmodel.cpp" line="+24"/>
        <source>… (%n ranks)</source>
        <translation>
            <numerusform>… (%n rank)</numerusform>
            <numerusform>… (%n ranks)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Railyard::HealthDock</name>
    <message numerus="yes">
        <location filename="../views/docks/healthdock.cpp" line="+441"/>
        <source>%n interval(s) recorded into the project.</source>
        <translation>
            <numerusform>%n interval recorded into the project.</numerusform>
            <numerusform>%n intervals recorded into the project.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n incident(s) filed into the project.</source>
        <translation>
            <numerusform>%n incident filed into the project.</numerusform>
            <numerusform>%n incidents filed into the project.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+17"/>
        <source>%n interval(s)</source>
        <translation>
            <numerusform>%n interval</numerusform>
            <numerusform>%n intervals</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Railyard::IntentEnforcementWidget</name>
    <message numerus="yes">
        <location filename="../views/docks/intentenforcementwidget.cpp" line="+117"/>
        <source>%1 &lt;b&gt;&lt;font color=&quot;#c0392b&quot;&gt;violated&lt;/font&gt;&lt;/b&gt;: %n host pair(s) disagree with the intent (%2)</source>
        <translation>
            <numerusform>%1 &lt;b&gt;&lt;font color=&quot;#c0392b&quot;&gt;violated&lt;/font&gt;&lt;/b&gt;: %n host pair disagrees with the intent (%2)</numerusform>
            <numerusform>%1 &lt;b&gt;&lt;font color=&quot;#c0392b&quot;&gt;violated&lt;/font&gt;&lt;/b&gt;: %n host pairs disagree with the intent (%2)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Railyard::IntentVersionsPanel</name>
    <message numerus="yes">
        <location filename="../views/docks/intentversionspanel.cpp" line="+108"/>
        <source>%n intent version(s) in %1</source>
        <translation>
            <numerusform>%n intent version in %1</numerusform>
            <numerusform>%n intent versions in %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Railyard::JobEditDialog</name>
    <message numerus="yes">
        <location filename="../views/dialogs/jobeditdialog.cpp" line="+88"/>
        <source>%n byte(s) per element</source>
        <translation>
            <numerusform>%n byte per element</numerusform>
            <numerusform>%n bytes per element</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+136"/>
        <source>, %n micro-batch(es) per step</source>
        <translation>
            <numerusform>, %n micro-batch per step</numerusform>
            <numerusform>, %n micro-batches per step</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Railyard::JobsDock</name>
    <message numerus="yes">
        <location filename="../views/docks/joblabels.cpp" line="+19"/>
        <source>ECMP (%n seeds)</source>
        <translation>
            <numerusform>ECMP (%n seed)</numerusform>
            <numerusform>ECMP (%n seeds)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/docks/jobsdockresults.cpp" line="+38"/>
        <source>%1 ms (%2–%3), %n validation row(s)</source>
        <translation>
            <numerusform>%1 ms (%2–%3), %n validation row</numerusform>
            <numerusform>%1 ms (%2–%3), %n validation rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+42"/>
        <source>&lt;br&gt;&lt;font color=&quot;#d04040&quot;&gt;%n flow(s) could not be routed.&lt;/font&gt;</source>
        <translation>
            <numerusform>&lt;br&gt;&lt;font color=&quot;#d04040&quot;&gt;%n flow could not be routed.&lt;/font&gt;</numerusform>
            <numerusform>&lt;br&gt;&lt;font color=&quot;#d04040&quot;&gt;%n flows could not be routed.&lt;/font&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/docks/jobsdock.cpp" line="+439"/>
        <source>Its TP, PP and DP groups use %n host(s).</source>
        <translation>
            <numerusform>Its TP, PP and DP groups use %n host.</numerusform>
            <numerusform>Its TP, PP and DP groups use %n hosts.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Railyard::MainWindow</name>
    <message numerus="yes">
        <location filename="../views/mainwindow.cpp" line="+476"/>
        <source>… and %n more line(s): see Show Details and the Problems dock.</source>
        <translation>
            <numerusform>… and %n more line: see Show Details and the Problems dock.</numerusform>
            <numerusform>… and %n more lines: see Show Details and the Problems dock.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/mainwindowinventory.cpp" line="+118"/>
        <source>The content of %1 fits %n format(s). Read it as:</source>
        <translation>
            <numerusform>The content of %1 fits %n format. Read it as:</numerusform>
            <numerusform>The content of %1 fits %n formats. Read it as:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Railyard::PreferencesDialog</name>
    <message numerus="yes">
        <location filename="../views/dialogs/preferencesdialog.cpp" line="+92"/>
        <source>The built-in catalogue: %n switch model(s)</source>
        <translation>
            <numerusform>The built-in catalogue: %n switch model</numerusform>
            <numerusform>The built-in catalogue: %n switch models</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <location line="+7"/>
        <source>, %n NIC model(s).</source>
        <translation>
            <numerusform>, %n NIC model.</numerusform>
            <numerusform>, %n NIC models.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-2"/>
        <source>Your figures over the built-in catalogue: %n switch model(s)</source>
        <translation>
            <numerusform>Your figures over the built-in catalogue: %n switch model</numerusform>
            <numerusform>Your figures over the built-in catalogue: %n switch models</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Railyard::ResilienceDock</name>
    <message numerus="yes">
        <location filename="../views/docks/resiliencedock.cpp" line="+518"/>
        <source>%n failures each</source>
        <translation>
            <numerusform>%n failure each</numerusform>
            <numerusform>%n failures each</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>&lt;b&gt;%1&lt;/b&gt; over %2: %3 scenarios stood for by %n classes; %4 what-ifs computed.</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; over %2: %3 scenarios stood for by %n class; %4 what-ifs computed.</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; over %2: %3 scenarios stood for by %n classes; %4 what-ifs computed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n classes split by their check.</source>
        <translation>
            <numerusform>%n class split by its check.</numerusform>
            <numerusform>%n classes split by their check.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Railyard::ResilienceWorstModel</name>
    <message numerus="yes">
        <location filename="../views/docks/resiliencemodel.cpp" line="+21"/>
        <source>, … (%n in all)</source>
        <translation>
            <numerusform>, … (%n in all)</numerusform>
            <numerusform>, … (%n in all)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Railyard::SubnetManagerDock</name>
    <message numerus="yes">
        <location filename="../views/docks/subnetmanagerdock.cpp" line="+405"/>
        <source>&lt;br&gt;&amp;nbsp;&amp;nbsp;%n switch link(s) carry no route</source>
        <translation>
            <numerusform>&lt;br&gt;&amp;nbsp;&amp;nbsp;%n switch link carries no route</numerusform>
            <numerusform>&lt;br&gt;&amp;nbsp;&amp;nbsp;%n switch links carry no route</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Railyard::VersionsDock</name>
    <message numerus="yes">
        <location filename="../views/docks/versionsdock.cpp" line="+82"/>
        <source>%n version(s) of %1</source>
        <translation>
            <numerusform>%n version of %1</numerusform>
            <numerusform>%n versions of %1</numerusform>
        </translation>
    </message>
</context>
</TS>
