<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>About</name>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="128"/>
        <source>Draw the network of an AI cluster, choose InfiniBand or RoCEv2 for each back-end segment, simulate it, compare the protocols on the same drawing and hand over a proposal with its bill of materials.</source>
        <translation>绘制 AI 集群的网络，为每个后端分区选择 InfiniBand 或 RoCEv2，进行仿真，在同一张图上对比两种协议，并交付附带物料清单的方案书。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="131"/>
        <source>Python {0} · Qt {1} · PySide {2}</source>
        <translation>Python {0} · Qt {1} · PySide {2}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="138"/>
        <source>About Fabric Designer</source>
        <translation>关于 Fabric Designer</translation>
    </message>
</context>
<context>
    <name>AdvisorWizard</name>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="76"/>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="80"/>
        <source>The advisor failed: {0}: {1}</source>
        <translation>选型助手运行失败：{0}：{1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="314"/>
        <source>Help me choose</source>
        <translation>帮我选择</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="339"/>
        <source>Generating, simulating and costing the candidates…</source>
        <translation>正在生成、仿真并核算候选方案…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="362"/>
        <source>Candidate {0} of {1}: {2}</source>
        <translation>候选方案 {0}/{1}：{2}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="371"/>
        <source>Done: {0} candidates. Recommended: {1}. Press Next to compare them.</source>
        <translation>完成：{0} 个候选方案。推荐：{1}。点击“下一步”进行对比。</translation>
    </message>
</context>
<context>
    <name>Autosaver</name>
    <message>
        <location filename="../../designer/ui/autosave.py" line="173"/>
        <source>Autosave failed: {0}</source>
        <translation>自动保存失败：{0}</translation>
    </message>
</context>
<context>
    <name>BuildSettingsDialog</name>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="30"/>
        <source>Middle of row (leaves in the middle of each row)</source>
        <translation>列中（Leaf 交换机位于每排中间）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="31"/>
        <source>End of row (leaves at the end of each row)</source>
        <translation>列头（Leaf 交换机位于每排末端）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="32"/>
        <source>Rail-aligned (a scalable unit per row, leaves in its middle)</source>
        <translation>轨道对齐（每排一个可扩展单元，Leaf 位于中间）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="34"/>
        <source>Per cable</source>
        <translation>按线缆计</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="35"/>
        <source>Percentage of hardware</source>
        <translation>按硬件费用的百分比</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="36"/>
        <source>Not included</source>
        <translation>不包含</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="37"/>
        <source>By reach (multimode to 50 m, else single-mode)</source>
        <translation>按距离（50 米内多模，否则单模）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="38"/>
        <source>Single-mode (DR, 100 m)</source>
        <translation>单模（DR，100 米）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="39"/>
        <source>Multimode (SR, 50 m)</source>
        <translation>多模（SR，50 米）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="46"/>
        <source>Build settings</source>
        <translation>部署设置</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="50"/>
        <source>U per rack</source>
        <translation>每机柜 U 位</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="51"/>
        <source>Power budget per rack (kW)</source>
        <translation>每机柜功率预算（kW）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="52"/>
        <source>Leaf placement</source>
        <translation>Leaf 交换机位置</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="53"/>
        <source>Racks per row</source>
        <translation>每排机柜数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="54"/>
        <source>Slack per cable (m)</source>
        <translation>每根线缆余量（米）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="55"/>
        <source>Spare cables and optics (%)</source>
        <translation>备用线缆和光模块（%）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="56"/>
        <source>Optics</source>
        <translation>光模块</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="58"/>
        <source>Fields: {name} {id} {rack} {row} {u} {role} {kind} {pod} {index}; for example {rack}-U{u:02d} {name}</source>
        <translation>可用字段：{name} {id} {rack} {row} {u} {role} {kind} {pod} {index}；例如 {rack}-U{u:02d} {name}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="62"/>
        <source>Device label rule</source>
        <translation>设备标签规则</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="64"/>
        <source>Fabric managers per InfiniBand fabric</source>
        <translation>每个 InfiniBand 网络的网络管理器台数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="65"/>
        <source>Out-of-band management switch per rack</source>
        <translation>每机柜一台带外管理交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="67"/>
        <source>Racks and PDUs</source>
        <translation>机柜和 PDU</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="68"/>
        <source>Fibre trunks between rows</source>
        <translation>排间光纤主干</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="69"/>
        <source>Installation</source>
        <translation>安装服务</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="70"/>
        <source>Installation (% of hardware)</source>
        <translation>安装服务（硬件费用的 %）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="72"/>
        <source>Front-end per GPU (Gb/s), new designs</source>
        <translation>每 GPU 前端带宽（Gb/s，新设计）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/build_settings_dialog.py" line="74"/>
        <source>Storage read per GPU (Gb/s), new designs</source>
        <translation>每 GPU 存储读带宽（Gb/s，新设计）</translation>
    </message>
</context>
<context>
    <name>BundleItem</name>
    <message>
        <location filename="../../designer/ui/bundles.py" line="29"/>
        <source>spines</source>
        <translation>台脊交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/bundles.py" line="29"/>
        <source>leaves</source>
        <translation>台叶交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/bundles.py" line="30"/>
        <source>cores</source>
        <translation>台核心交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/bundles.py" line="31"/>
        <source>FE switches</source>
        <translation>台前端交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/bundles.py" line="32"/>
        <source>servers</source>
        <translation>台服务器</translation>
    </message>
    <message>
        <location filename="../../designer/ui/bundles.py" line="33"/>
        <source>storage nodes</source>
        <translation>个存储节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/bundles.py" line="34"/>
        <source>gateways</source>
        <translation>台网关</translation>
    </message>
    <message>
        <location filename="../../designer/ui/bundles.py" line="48"/>
        <source> to {0} {1}</source>
        <translation>，连到 {0} {1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/bundles.py" line="133"/>
        <source>{0} cables · {1}</source>
        <translation>{0} 条线缆 · {1}</translation>
    </message>
</context>
<context>
    <name>CanvasMenu</name>
    <message>
        <location filename="../../designer/ui/canvas_menu.py" line="71"/>
        <source>Connect</source>
        <translation>连线</translation>
    </message>
</context>
<context>
    <name>ClaimsDialog</name>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="71"/>
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="75"/>
        <source>The claims check failed: {0}: {1}</source>
        <translation>声明核查失败：{0}：{1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="89"/>
        <source>Check a published claim</source>
        <translation>核查公开声明</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="97"/>
        <source>Open a claims file: a published comparison with its setups and figures (examples in projects/claims).</source>
        <translation>打开声明文件：一份公开的对比，包含其场景与数值（示例见 projects/claims）。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="117"/>
        <source>Claims file (.json)</source>
        <translation>声明文件（.json）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="118"/>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="120"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="124"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="129"/>
        <source>Claims file:</source>
        <translation>声明文件：</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="164"/>
        <source>Verdicts (ours against the published figure; in brackets ours / published − 1)</source>
        <translation>结论（本产品数值对比公开数据；括号内为 本产品 / 公开 − 1）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="166"/>
        <source>Settings each variant ran (they explain the differences), and notes on the setups</source>
        <translation>各变体运行的设置（用于解释差异），以及关于场景的说明</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="179"/>
        <source>Open claims file</source>
        <translation>打开声明文件</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="180"/>
        <source>Claims files (*.json);;All files (*)</source>
        <translation>声明文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="194"/>
        <source>Choose a claims file first</source>
        <translation>请先选择声明文件</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="210"/>
        <source>Building the setups…</source>
        <translation>正在构建场景…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="223"/>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="251"/>
        <source>Source: {0}</source>
        <translation>来源：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="265"/>
        <source>Run {0} of {1}: {2}</source>
        <translation>第 {0} 次运行，共 {1} 次：{2}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="277"/>
        <source>{0} runs in {1:.1f} s. Of {2} claims, {3} agree with our figures, {4} in part and {5} not at all.</source>
        <translation>{0} 次运行，用时 {1:.1f} 秒。{2} 条声明中，{3} 条与本产品数值相符，{4} 条部分相符，{5} 条不符。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="342"/>
        <source>agrees with the published figure</source>
        <translation>与公开数据相符</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="343"/>
        <source>disagrees with the published figure</source>
        <translation>与公开数据不符</translation>
    </message>
</context>
<context>
    <name>ClaimsLauncher</name>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="357"/>
        <source>Check a published &amp;claim…</source>
        <translation>核查公开声明(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/claims_dialog.py" line="359"/>
        <source>Re-run a published InfiniBand vs RoCEv2 comparison and set its figures beside ours</source>
        <translation>重新运行公开的 InfiniBand 与 RoCEv2 对比，并将其数值与本产品结果并列</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="45"/>
        <source>Capex</source>
        <translation>资本支出</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="48"/>
        <source>Completion time (ms)</source>
        <translation>完成时间 (ms)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="50"/>
        <source>Bus bandwidth (Gb/s)</source>
        <translation>总线带宽 (Gb/s)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="51"/>
        <source>Goodput (Gb/s)</source>
        <translation>有效吞吐 (Gb/s)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="52"/>
        <source>Throughput vs ideal fabric</source>
        <translation>相对理想网络的吞吐量</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="54"/>
        <source>p99 latency (µs)</source>
        <translation>p99 时延 (µs)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="55"/>
        <source>p99.9 latency (µs)</source>
        <translation>p99.9 时延 (µs)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="57"/>
        <source>GPU utilization</source>
        <translation>GPU 利用率</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="58"/>
        <source>PFC paused port-time</source>
        <translation>PFC 暂停的端口时间占比</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="60"/>
        <source>Credit-stall port-time</source>
        <translation>信用等待的端口时间占比</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="62"/>
        <source>Time to train (days)</source>
        <translation>训练总时长（天）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="63"/>
        <source>Step jitter (CV)</source>
        <translation>步长抖动（变异系数）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="65"/>
        <source>Requests/s within the latency target</source>
        <translation>满足时延目标的每秒请求数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="69"/>
        <source>Capex per Gb/s of goodput</source>
        <translation>每 Gb/s 有效吞吐的资本支出</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="73"/>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="74"/>
        <source>p99 latency</source>
        <translation>p99 时延</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="104"/>
        <source>Compare InfiniBand vs RoCEv2 — {0}</source>
        <translation>对比 InfiniBand 与 RoCEv2 — {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="131"/>
        <source>Capex ({0})</source>
        <translation>资本支出（{0}）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="179"/>
        <source>Building each option on its protocol&apos;s hardware…</source>
        <translation>正在用各协议自身的硬件构建各方案…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="201"/>
        <source>Back-end switches: {0}.</source>
        <translation>后端交换机：{0}。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="201"/>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="205"/>
        <source>The {0} option&apos;s leaves reach more servers: at the same oversubscription less of a collective&apos;s traffic leaves them, so part of a difference in time can come from the switches rather than the protocol.</source>
        <translation>{0} 方案的叶交换机连接更多服务器：在相同的收敛比下，集合通信离开叶交换机的流量更少，因此完成时间的差异可能部分来自交换机，而非协议本身。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="214"/>
        <source>{0}: one switch (servers: {1}, ports: {2})</source>
        <translation>{0}：一台交换机（服务器：{1}，端口：{2}）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="217"/>
        <source>{0}: leaf / spine / core switches {1}, fullest leaf (servers: {2}, ports down: {3}, up: {4})</source>
        <translation>{0}：叶 / 脊 / 核心交换机 {1}，最满的叶交换机（服务器：{2}，下行端口：{3}，上行端口：{4}）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="224"/>
        <source>Done: {0} on &apos;{1}&apos;, seed {2}.</source>
        <translation>完成：在“{1}”上运行 {0}，随机种子 {2}。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="229"/>
        <source>Simulating the {0} option…</source>
        <translation>正在仿真 {0} 方案…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="286"/>
        <source>simulated time ({0})</source>
        <translation>仿真时间（{0}）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="355"/>
        <source>The better value of the two</source>
        <translation>两者中较优的值</translation>
    </message>
</context>
<context>
    <name>DesignSummary</name>
    <message>
        <location filename="../../designer/ui/design_summary.py" line="39"/>
        <source>GPUs {0}</source>
        <translation>GPU {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/design_summary.py" line="40"/>
        <source>switches {0}</source>
        <translation>交换机 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/design_summary.py" line="41"/>
        <source>links {0}</source>
        <translation>链路 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/design_summary.py" line="44"/>
        <source>oversubscription {0:.2f}:1</source>
        <translation>收敛比 {0:.2f}:1</translation>
    </message>
    <message>
        <location filename="../../designer/ui/design_summary.py" line="46"/>
        <source>capex ≈ {0:,.0f} {1}</source>
        <translation>资本支出 ≈ {0:,.0f} {1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/design_summary.py" line="51"/>
        <source>1 error</source>
        <translation>1 个错误</translation>
    </message>
    <message>
        <location filename="../../designer/ui/design_summary.py" line="52"/>
        <source>{0} errors</source>
        <translation>{0} 个错误</translation>
    </message>
    <message>
        <location filename="../../designer/ui/design_summary.py" line="53"/>
        <source>1 warning</source>
        <translation>1 个警告</translation>
    </message>
    <message>
        <location filename="../../designer/ui/design_summary.py" line="54"/>
        <source>{0} warnings</source>
        <translation>{0} 个警告</translation>
    </message>
    <message>
        <location filename="../../designer/ui/design_summary.py" line="55"/>
        <source>{0}, {1}</source>
        <translation>{0}，{1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/design_summary.py" line="107"/>
        <source>checking…</source>
        <translation>检查中…</translation>
    </message>
</context>
<context>
    <name>Editor</name>
    <message>
        <location filename="../../designer/ui/editor.py" line="106"/>
        <source>Place {0} ({1})</source>
        <translation>放置 {0}（{1}）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="107"/>
        <source>Placed {0}: {1}</source>
        <translation>已放置 {0}：{1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="126"/>
        <source>Cannot connect: {0}</source>
        <translation>无法连接：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="129"/>
        <source>Link {0} ↔ {1}</source>
        <translation>连接 {0} ↔ {1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="130"/>
        <source>Linked {0} ↔ {1} at {2:g} Gb/s ({3})</source>
        <translation>已连接 {0} ↔ {1}，{2:g} Gb/s（{3}）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="139"/>
        <source>Select servers and the switches to cable them to (or leaves and spines)</source>
        <translation>请选中服务器和要连接的交换机（或叶交换机和脊交换机）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="142"/>
        <source>rail-aligned</source>
        <translation>按轨道对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="142"/>
        <source>round-robin</source>
        <translation>轮流分配</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="144"/>
        <source>Nothing to connect: {0}</source>
        <translation>没有可连接的线缆：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="146"/>
        <source>Connect {0} × {1} nodes ({2}): {3} cables</source>
        <translation>连接 {0} × {1} 个节点（{2}）：{3} 条线缆</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="150"/>
        <source>; {0} ports left free: {1}</source>
        <translation>；{0} 个端口仍空闲：{1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="167"/>
        <source>Nudge</source>
        <translation>微移</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="173"/>
        <source>Nothing selected to delete</source>
        <translation>没有选中要删除的内容</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="186"/>
        <source>unknown protocol &apos;{0}&apos; (ib or rocev2)</source>
        <translation>未知协议“{0}”（应为 ib 或 rocev2）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="189"/>
        <source>a segment needs a name</source>
        <translation>分区需要名称</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="193"/>
        <source>select the nodes of the new segment first</source>
        <translation>请先选择新分区的节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="202"/>
        <source>Segment &apos;{0}&apos;: {1} → {2}</source>
        <translation>分区“{0}”：{1} → {2}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="225"/>
        <source>Select nodes to copy</source>
        <translation>请选择要复制的节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="229"/>
        <source>{0} nodes, {1} links from Fabric Designer</source>
        <translation>来自 Fabric Designer 的 {0} 个节点、{1} 条链路</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="233"/>
        <source>Copied {0} nodes and {1} links</source>
        <translation>已复制 {0} 个节点和 {1} 条链路</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="240"/>
        <source>The clipboard holds no fabric nodes</source>
        <translation>剪贴板中没有网络节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="245"/>
        <source>Cannot paste: {0}</source>
        <translation>无法粘贴：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="248"/>
        <source>Paste {0} nodes</source>
        <translation>粘贴 {0} 个节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="254"/>
        <source>Select nodes to duplicate</source>
        <translation>请选择要创建副本的节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="259"/>
        <source>Cannot duplicate: {0}</source>
        <translation>无法复制：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="261"/>
        <source>Duplicate {0} nodes</source>
        <translation>创建 {0} 个节点的副本</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="298"/>
        <source>{0} pasted nodes stood in a site this design does not have: they belong to no site now</source>
        <translation>粘贴的 {0} 个节点原属于本设计中没有的站点：现在它们不属于任何站点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="334"/>
        <source>Distribute horizontally</source>
        <translation>水平等距分布</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="334"/>
        <source>Distribute vertically</source>
        <translation>垂直等距分布</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="307"/>
        <source>Select two or more nodes to align</source>
        <translation>请选择两个或更多节点进行对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="315"/>
        <source>Align left</source>
        <translation>左对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="315"/>
        <source>Align right</source>
        <translation>右对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="315"/>
        <source>Align top</source>
        <translation>顶端对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="316"/>
        <source>Align bottom</source>
        <translation>底端对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="316"/>
        <source>Align centres horizontally</source>
        <translation>水平居中对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="317"/>
        <source>Align middles vertically</source>
        <translation>垂直居中对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="324"/>
        <source>Select three or more nodes to distribute</source>
        <translation>请选择三个或更多节点进行分布</translation>
    </message>
</context>
<context>
    <name>ErrorDialog</name>
    <message>
        <location filename="../../designer/ui/error_dialog.py" line="51"/>
        <source>Unexpected error</source>
        <translation>意外错误</translation>
    </message>
    <message>
        <location filename="../../designer/ui/error_dialog.py" line="55"/>
        <source>Fabric Designer hit an unexpected error and carried on:
{0}

{1}</source>
        <translation>Fabric Designer 遇到意外错误，已继续运行：
{0}

{1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/error_dialog.py" line="64"/>
        <source>Copy details</source>
        <translation>复制详情</translation>
    </message>
    <message>
        <location filename="../../designer/ui/error_dialog.py" line="74"/>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
    <message>
        <location filename="../../designer/ui/error_dialog.py" line="97"/>
        <source>Your design is unchanged since the last completed edit.</source>
        <translation>您的设计仍保持最后一次完成编辑后的状态。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/error_dialog.py" line="105"/>
        <source>A recovery copy was saved to {0}.</source>
        <translation>已将恢复副本保存到 {0}。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/error_dialog.py" line="107"/>
        <source>Save your work under a new name, and send the details below with a bug report.</source>
        <translation>请以新文件名保存您的工作，并在错误报告中附上下方的详细信息。</translation>
    </message>
</context>
<context>
    <name>ExportProposalDialog</name>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="74"/>
        <source>Logo: no such file &apos;{0}&apos;</source>
        <translation>徽标：文件“{0}”不存在</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="76"/>
        <source>Logo: &apos;{0}&apos; cannot be read (permissions)</source>
        <translation>徽标：无法读取“{0}”（权限不足）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="80"/>
        <source>Logo: &apos;{0}&apos; is not a PNG, JPEG or other readable image</source>
        <translation>徽标：“{0}”不是 PNG、JPEG 或其他可读取的图像</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="95"/>
        <source>Workloads: {0}</source>
        <translation>负载：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="109"/>
        <source>Sweep appendix: {0}</source>
        <translation>扫描附录：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="112"/>
        <source>Sweep appendix: &apos;{0}&apos; holds no points yet</source>
        <translation>扫描附录：“{0}”中还没有任何设计点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="133"/>
        <source>Budget: &apos;{0}&apos; is not a positive amount (e.g. 25,000,000)</source>
        <translation>预算：&apos;{0}&apos; 不是正数金额（例如 25,000,000）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="159"/>
        <source>Output: choose where to write the PDF</source>
        <translation>输出：请选择 PDF 的保存位置</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="162"/>
        <source>Output: the file name must end in .pdf</source>
        <translation>输出：文件名必须以 .pdf 结尾</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="164"/>
        <source>Output: the folder &apos;{0}&apos; does not exist</source>
        <translation>输出：文件夹“{0}”不存在</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="167"/>
        <source>Output: the folder &apos;{0}&apos; is not writable</source>
        <translation>输出：文件夹“{0}”不可写</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="191"/>
        <source>Cannot write &apos;{0}&apos;: {1}</source>
        <translation>无法写入“{0}”：{1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="196"/>
        <source>The proposal could not be built: {0}: {1}</source>
        <translation>无法生成方案书：{0}：{1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="215"/>
        <source>Export PDF proposal</source>
        <translation>导出 PDF 方案书</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="221"/>
        <source>Proposal</source>
        <translation>方案书</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="222"/>
        <source>Requirements</source>
        <translation>需求</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="223"/>
        <source>Risks and lead times</source>
        <translation>风险与交付周期</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="260"/>
        <source>Customer or project the proposal is for</source>
        <translation>方案书面向的客户或项目</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="262"/>
        <source>Your name and company</source>
        <translation>您的姓名和公司</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="264"/>
        <source>Optional: PNG or JPEG shown on the cover</source>
        <translation>可选：封面上显示的 PNG 或 JPEG 图像</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="301"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="267"/>
        <source>{0} (the design&apos;s currency)</source>
        <translation>{0}（设计所用币种）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="281"/>
        <source>The Chinese text table of the proposal is not written yet</source>
        <translation>方案书的中文文本表尚未完成</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="311"/>
        <source>the results saved with the design</source>
        <translation>随设计保存的结果</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="312"/>
        <source>the default {0}</source>
        <translation>默认负载 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="313"/>
        <source>e.g. allreduce:1GiB train:70b (empty: {0})</source>
        <translation>例如 allreduce:1GiB train:70b（留空：{0}）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="288"/>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="289"/>
        <source>Customer</source>
        <translation>客户</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="290"/>
        <source>Author</source>
        <translation>作者</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="291"/>
        <source>Logo</source>
        <translation>徽标</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="292"/>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="293"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="333"/>
        <source>Workloads</source>
        <translation>负载</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="285"/>
        <source>Optional: a sweep&apos;s results (.csv or .parquet) as an appendix</source>
        <translation>可选：将扫描结果（.csv 或 .parquet）作为附录</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="294"/>
        <source>Sweep appendix</source>
        <translation>扫描附录</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="295"/>
        <source>Save as</source>
        <translation>另存为</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="224"/>
        <source>Sections</source>
        <translation>章节</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="57"/>
        <source>Time, then cost, then tail latency</source>
        <translation>先看用时，再看成本，最后看尾延迟</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="59"/>
        <source>Cost, then time, then tail latency</source>
        <translation>先看成本，再看用时，最后看尾延迟</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="61"/>
        <source>Tail latency, then time, then cost</source>
        <translation>先看尾延迟，再看用时，最后看成本</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="237"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="238"/>
        <source>Open PDF</source>
        <translation>打开 PDF</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="314"/>
        <source>Workload specs, as for &apos;fabric-designer report --workload&apos;</source>
        <translation>负载描述，与 &apos;fabric-designer report --workload&apos; 相同</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="316"/>
        <source>In the customer&apos;s words, e.g. 512 GPUs now, 2,048 in 2027</source>
        <translation>客户自己的描述，例如：现在 512 块 GPU，2027 年 2,048 块</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="318"/>
        <source>Capital cost the customer can spend (empty: no budget)</source>
        <translation>客户可支出的资本支出（留空：无预算）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="325"/>
        <source>The customer already operates Ethernet at scale (prefer RoCEv2 when the time ties)</source>
        <translation>客户已在大规模运维以太网（用时持平时优先 RoCEv2）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="328"/>
        <source>Compare InfiniBand and RoCEv2 on this drawing (each at its recommended settings)</source>
        <translation>在此拓扑图上对比 InfiniBand 与 RoCEv2（各自采用推荐设置）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="331"/>
        <source>Include the design&apos;s notes in an appendix</source>
        <translation>在附录中包含设计说明</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="334"/>
        <source>Scale</source>
        <translation>规模</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="335"/>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="336"/>
        <source>Priorities</source>
        <translation>优先级</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="347"/>
        <source>Risk</source>
        <translation>风险</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="347"/>
        <source>Mitigation</source>
        <translation>应对措施</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="347"/>
        <source>Lead time</source>
        <translation>交付周期</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="352"/>
        <source>Fill in the risks derived from the design</source>
        <translation>填入由设计推导出的风险</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="354"/>
        <source>Add row</source>
        <translation>添加行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="356"/>
        <source>Remove row</source>
        <translation>删除行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="362"/>
        <source>Empty: the proposal lists the risks it derives from the design, with lead times to confirm with the supplier.</source>
        <translation>留空：方案书列出由设计推导出的风险，交付周期待与供应商确认。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="428"/>
        <source>Sections: choose at least one</source>
        <translation>章节：请至少选择一个</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="454"/>
        <source>Cover logo</source>
        <translation>封面徽标</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="455"/>
        <source>Images (*.png *.jpg *.jpeg *.gif *.bmp);;All files (*)</source>
        <translation>图像 (*.png *.jpg *.jpeg *.gif *.bmp);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="461"/>
        <source>Sweep results</source>
        <translation>扫描结果</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="462"/>
        <source>Sweep results (*.csv *.parquet)</source>
        <translation>扫描结果 (*.csv *.parquet)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="469"/>
        <source>Save the proposal as</source>
        <translation>方案书另存为</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="469"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="502"/>
        <source>Proposal requirements</source>
        <translation>方案书需求</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="531"/>
        <source>Building the proposal (drawing, laying out pages)…</source>
        <translation>正在生成方案书（绘图、排版）…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="533"/>
        <source>Building the proposal (simulating the design, and the drawing as InfiniBand and as RoCEv2; drawing, laying out pages)…</source>
        <translation>正在编制方案书（仿真本设计，以及本拓扑图分别采用 InfiniBand 和 RoCEv2 的情况；绘图、排版）…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="536"/>
        <source>Building the proposal (simulating the design, drawing, laying out pages)…</source>
        <translation>正在编制方案书（仿真本设计、绘图、排版）…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="551"/>
        <source>Proposal written to {0}</source>
        <translation>方案书已写入 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="569"/>
        <source>Please wait: the proposal is still being built.</source>
        <translation>请稍候：方案书仍在生成中。</translation>
    </message>
</context>
<context>
    <name>FabricView</name>
    <message>
        <location filename="../../designer/ui/view.py" line="144"/>
        <source>Cannot connect: {0}</source>
        <translation>无法连接：{0}</translation>
    </message>
</context>
<context>
    <name>FailureController</name>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="41"/>
        <source>Scenarios</source>
        <translation>场景</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="84"/>
        <source>Failure of cable {id}</source>
        <translation>线缆 {id} 的故障</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="84"/>
        <source>Failure of switch {id}</source>
        <translation>交换机 {id} 的故障</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="86"/>
        <source>Fail now</source>
        <translation>立即故障</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="88"/>
        <source>Fail it in the running simulation at its current time</source>
        <translation>在正在运行的仿真中于当前时刻使其故障</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="89"/>
        <source>Start a run first</source>
        <translation>请先开始运行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="90"/>
        <source>Schedule failure…</source>
        <translation>安排故障…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="97"/>
        <source>Fail now works during a run: start one first</source>
        <translation>“立即故障”只能在运行中使用：请先开始一次运行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="99"/>
        <source>{kind} {id} failed in the running simulation</source>
        <translation>{kind} {id} 在运行中的仿真里发生故障</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="100"/>
        <source>Cable</source>
        <translation>线缆</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="100"/>
        <source>Switch</source>
        <translation>交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="115"/>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="123"/>
        <source>Schedule {spec} in &apos;{name}&apos;</source>
        <translation>在“{name}”中安排 {spec}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="179"/>
        <source>Running &apos;{name}&apos;…</source>
        <translation>正在运行“{name}”…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="221"/>
        <source>{spec}: throughput fell {dip} at {t} ms</source>
        <translation>{spec}：吞吐量在 {t} ms 时下降 {dip}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="224"/>
        <source>, {n} flows ({bytes}) stalled</source>
        <translation>，{n} 条流（{bytes}）停滞</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="227"/>
        <source>, rerouted after {d} ms</source>
        <translation>，{d} ms 后完成重路由</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="228"/>
        <source>, never recovered</source>
        <translation>，未能恢复</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="231"/>
        <source>some transfers lost their only path and never completed</source>
        <translation>部分传输失去了唯一路径，未能完成</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="232"/>
        <source>&apos;{name}&apos; done</source>
        <translation>“{name}”已完成</translation>
    </message>
</context>
<context>
    <name>FailureLayer</name>
    <message>
        <location filename="../../designer/ui/failure_layer.py" line="27"/>
        <source>now</source>
        <translation>当前</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_layer.py" line="60"/>
        <source>slows to {gbps:g} Gb/s at {t}</source>
        <translation>{t} 降速至 {gbps:g} Gb/s</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_layer.py" line="63"/>
        <source>fails at {t}</source>
        <translation>{t} 故障</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_layer.py" line="65"/>
        <source>, back at {t}</source>
        <translation>，{t} 恢复</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_layer.py" line="80"/>
        <source>{gbps:g} Gb/s since {t}</source>
        <translation>自 {t} 起 {gbps:g} Gb/s</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_layer.py" line="83"/>
        <location filename="../../designer/ui/failure_layer.py" line="86"/>
        <source>DOWN since {t}</source>
        <translation>自 {t} 起中断</translation>
    </message>
</context>
<context>
    <name>FieldSpec</name>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="46"/>
        <source>{0} must be one of {1}</source>
        <translation>{0} 必须是以下之一：{1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="51"/>
        <source>{0} cannot be empty</source>
        <translation>{0} 不能为空</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="53"/>
        <source>{0} is too long (at most 200 characters)</source>
        <translation>{0} 过长（最多 200 个字符）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="59"/>
        <source>{0} must be a whole number, not &apos;{1}&apos;</source>
        <translation>{0} 必须是整数，不能是“{1}”</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="60"/>
        <source>{0} must be a number, not &apos;{1}&apos;</source>
        <translation>{0} 必须是数字，不能是“{1}”</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="63"/>
        <source>{0} must be a finite number</source>
        <translation>{0} 必须是有限数值</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="66"/>
        <source>{0} must be at least {1:g}{2}</source>
        <translation>{0} 不得小于 {1:g}{2}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="69"/>
        <source>{0} must be at most {1:g}{2}</source>
        <translation>{0} 不得大于 {1:g}{2}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="84"/>
        <location filename="../../designer/ui/field_specs.py" line="127"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="86"/>
        <source>Shown under the icon; any language</source>
        <translation>显示在图标下方；可用任何语言</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="89"/>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="93"/>
        <source>Which pod the node belongs to</source>
        <translation>节点所属的 Pod</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="98"/>
        <source>Cable</source>
        <translation>线缆</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="101"/>
        <source>DAC (copper, short), AOC or optics</source>
        <translation>DAC（铜缆，短距）、AOC 或光模块</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="102"/>
        <source>DAC (copper)</source>
        <translation>DAC（铜缆）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="103"/>
        <source>AOC (active optical)</source>
        <translation>AOC（有源光缆）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="104"/>
        <source>Transceivers and fibre</source>
        <translation>光模块和光纤</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="107"/>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="112"/>
        <source>Cable length; reach limits are checked</source>
        <translation>线缆长度；会检查传输距离上限</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="117"/>
        <source>Distance</source>
        <translation>距离</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="122"/>
        <source>Fibre distance between the sites (5 µs per km); the optics&apos; reach and the lossless headroom are checked</source>
        <translation>站点间光纤距离（每公里 5 µs）；会检查光模块传输距离和无损余量</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="129"/>
        <source>Protocol</source>
        <translation>协议</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="132"/>
        <source>InfiniBand or RoCEv2 on this back-end segment</source>
        <translation>此后端分区使用 InfiniBand 或 RoCEv2</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="133"/>
        <source>InfiniBand</source>
        <translation>InfiniBand</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="134"/>
        <source>RoCEv2</source>
        <translation>RoCEv2</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="137"/>
        <source>Preset</source>
        <translation>预设方案</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="140"/>
        <source>Recommended: what vendors and large operators run for AI, as far as this segment&apos;s switches and NICs support it. Untuned: the defaults before anyone tunes the fabric. Custom: the values below as you set them</source>
        <translation>推荐：厂商和大型运营方为 AI 采用的设置，以本网段交换机和网卡支持的为限。未调优：未经任何调优的默认值。自定义：按您在下方设定的值</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="143"/>
        <source>Recommended for AI</source>
        <translation>AI 推荐设置</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="144"/>
        <source>Untuned defaults</source>
        <translation>未调优的默认值</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="145"/>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="151"/>
        <source>Routing engine</source>
        <translation>路由引擎</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="154"/>
        <source>Subnet Manager routing: min-hop, up/down or fat-tree</source>
        <translation>子网管理器路由：min-hop、up/down 或 fat-tree</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="155"/>
        <source>Min-hop</source>
        <translation>最小跳数 (Min-hop)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="156"/>
        <source>Up/down</source>
        <translation>上下行 (Up/Down)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="157"/>
        <source>Fat-tree</source>
        <translation>胖树</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="160"/>
        <source>Adaptive routing</source>
        <translation>自适应路由</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="162"/>
        <source>Per-packet choice of the least loaded port</source>
        <translation>逐包选择负载最轻的端口</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="165"/>
        <source>SHARP</source>
        <translation>SHARP</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="167"/>
        <source>In-network reduction: the switches add up AllReduce data (needs switches with SHARP, its aggregation manager and NCCL&apos;s SHARP plugin)</source>
        <translation>网内归约：由交换机对 AllReduce 数据求和（需要支持 SHARP 的交换机、其聚合管理器和 NCCL 的 SHARP 插件）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="170"/>
        <source>Virtual lanes</source>
        <translation>虚通道 (VL)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="171"/>
        <source>Credit buffer</source>
        <translation>信用缓冲区</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="172"/>
        <source>Receive buffer per port per VL</source>
        <translation>每端口每 VL 的接收缓冲区</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="173"/>
        <location filename="../../designer/ui/field_specs.py" line="259"/>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="175"/>
        <source>Self-healing (SHIELD)</source>
        <translation>自愈 (SHIELD)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="177"/>
        <source>Switches reroute around a failed port locally</source>
        <translation>交换机在本地绕开故障端口重路由</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="179"/>
        <source>SM reroute time</source>
        <translation>SM 重路由时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="180"/>
        <source>Subnet Manager sweep and table upload after a failure</source>
        <translation>故障后子网管理器的扫描与路由表下发</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="181"/>
        <source>Self-healing time</source>
        <translation>自愈时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="182"/>
        <source>Local reroute time when self-healing is on</source>
        <translation>启用自愈时的本地重路由时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="186"/>
        <source>PFC</source>
        <translation>优先级流量控制 (PFC)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="188"/>
        <source>Priority flow control: pause upstream over Xoff</source>
        <translation>优先级流量控制：超过 Xoff 时暂停上游</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="190"/>
        <source>PFC Xoff</source>
        <translation>PFC Xoff</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="191"/>
        <source>PFC Xon</source>
        <translation>PFC Xon</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="192"/>
        <source>PFC headroom</source>
        <translation>PFC 预留缓存 (headroom)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="193"/>
        <source>Buffer for bytes in flight after PAUSE</source>
        <translation>PAUSE 之后在途字节的缓冲</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="195"/>
        <source>ECN</source>
        <translation>显式拥塞通知 (ECN)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="197"/>
        <source>RED marking of the lossless class</source>
        <translation>无损队列的 RED 标记</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="199"/>
        <source>ECN Kmin</source>
        <translation>ECN Kmin</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="200"/>
        <source>ECN Kmax</source>
        <translation>ECN Kmax</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="201"/>
        <source>ECN Pmax</source>
        <translation>ECN Pmax</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="202"/>
        <source>Marking probability at Kmax</source>
        <translation>Kmax 处的标记概率</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="204"/>
        <source>ECN reference speed</source>
        <translation>ECN 参考速率</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="205"/>
        <source>0: Kmin and Kmax hold at every port. Above 0: they are for ports of this speed and scale with each port&apos;s speed (the same queueing time at every speed)</source>
        <translation>0：Kmin 和 Kmax 对每个端口原样适用。大于 0：它们针对该速率的端口，并随各端口速率按比例缩放（各速率下排队时间相同）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="208"/>
        <source>DCQCN</source>
        <translation>DCQCN</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="210"/>
        <source>Sender rate control driven by CNPs</source>
        <translation>由 CNP 驱动的发送端速率控制</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="212"/>
        <source>DCQCN g</source>
        <translation>DCQCN g</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="213"/>
        <source>Alpha EWMA gain</source>
        <translation>Alpha EWMA 增益</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="214"/>
        <source>Alpha update interval</source>
        <translation>Alpha 更新间隔</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="215"/>
        <source>How often the sender updates alpha, its estimate of congestion</source>
        <translation>发送端更新 alpha（其对拥塞程度的估计）的间隔</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="217"/>
        <source>Additive increase</source>
        <translation>加性增速</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="218"/>
        <source>Hyper increase</source>
        <translation>超级增速</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="219"/>
        <source>Rate timer</source>
        <translation>速率定时器</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="220"/>
        <source>Byte counter</source>
        <translation>字节计数器</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="221"/>
        <source>Bytes sent between rate increases; 0: off, the rate timer alone paces them</source>
        <translation>两次升速之间发送的字节数；0：关闭，仅由速率定时器控制升速</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="223"/>
        <source>Fast recovery steps</source>
        <translation>快速恢复步数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="225"/>
        <source>Min decrease factor</source>
        <translation>最小降速因子</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="227"/>
        <source>Clamp target rate</source>
        <translation>钳制目标速率</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="229"/>
        <source>The target rate follows every cut (the NIC&apos;s CLAMP_TGT_RATE); off: only after a timer increase</source>
        <translation>每次降速时目标速率随之下调（网卡的 CLAMP_TGT_RATE）；关闭：仅在定时器升速后调整</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="232"/>
        <source>CNP interval</source>
        <translation>CNP 间隔</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="234"/>
        <source>Rate-reduce period</source>
        <translation>降速周期</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="235"/>
        <source>Min rate</source>
        <translation>最低速率</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="236"/>
        <source>Queue pairs</source>
        <translation>队列对 (QP)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="237"/>
        <source>Per connection; more QPs spread ECMP better</source>
        <translation>按连接计；QP 越多，ECMP 分布越均匀</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="239"/>
        <source>Load balancing</source>
        <translation>负载均衡</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="242"/>
        <source>ECMP hashing or packet spraying</source>
        <translation>等价多路径 (ECMP) 哈希或逐包喷洒</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="243"/>
        <source>ECMP</source>
        <translation>等价多路径 (ECMP)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="244"/>
        <source>Packet spraying</source>
        <translation>逐包喷洒</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="247"/>
        <source>Retransmission</source>
        <translation>重传方式</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="250"/>
        <source>After a loss (PFC off): go-back-N resends everything from the lost packet on; selective repeat resends the lost packets only (NICs that support it)</source>
        <translation>丢包后（PFC 关闭时）：回退 N 帧重传从丢失的包起的全部数据；选择性重传只重发丢失的包（需网卡支持）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="252"/>
        <source>Go-back-N</source>
        <translation>回退 N 帧 (Go-back-N)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="253"/>
        <source>Selective repeat</source>
        <translation>选择性重传</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="256"/>
        <source>Retransmit timeout</source>
        <translation>重传超时</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="257"/>
        <source>How long a sender waits before resending when the last packets of a message were lost</source>
        <translation>消息末尾的包丢失时，发送端重发前等待的时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="261"/>
        <source>Reconvergence time</source>
        <translation>路由收敛时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="262"/>
        <source>Routing reconvergence after a failure; ECMP then uses the remaining paths</source>
        <translation>故障后的路由收敛；之后 ECMP 使用其余路径</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="264"/>
        <source>Local repair time</source>
        <translation>本地修复时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="265"/>
        <source>How long the switches beside a failure take to drop it from their ECMP groups where each keeps another way (a spine or a cable of a bundle); elsewhere the routing protocol&apos;s reconvergence applies</source>
        <translation>故障旁的交换机在各自仍有其他等价路径时（一台脊交换机或捆绑中的一根线缆），将故障从其 ECMP 组中移除所需的时间；其他情况下适用路由协议的收敛时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="274"/>
        <source>PFC Xon must be below Xoff</source>
        <translation>PFC Xon 必须小于 Xoff</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="276"/>
        <source>ECN Kmin must not be above Kmax</source>
        <translation>ECN Kmin 不得大于 Kmax</translation>
    </message>
</context>
<context>
    <name>GeneratorDialog</name>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="118"/>
        <source>GPU servers</source>
        <translation>GPU 服务器</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="119"/>
        <source>Back-end switches</source>
        <translation>后端交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="154"/>
        <source>Default for the GPUs per server</source>
        <translation>按每台服务器 GPU 数取默认型号</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="159"/>
        <source>Default for the protocol and speed</source>
        <translation>按协议和速率取默认型号</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="32"/>
        <source>leaf-spine</source>
        <translation>叶脊</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="33"/>
        <source>fat-tree</source>
        <translation>胖树</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="34"/>
        <source>fat-tree-3</source>
        <translation>三层胖树</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="35"/>
        <source>rail-optimized</source>
        <translation>轨道优化</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="36"/>
        <source>rail-only</source>
        <translation>仅轨道</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="37"/>
        <source>multi-plane</source>
        <translation>多平面</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="38"/>
        <source>two sites</source>
        <translation>两个站点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="40"/>
        <source>hybrid</source>
        <translation>混合（IB + RoCEv2）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="42"/>
        <source>gpus</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="43"/>
        <source>servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="44"/>
        <source>leaves</source>
        <translation>叶交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="45"/>
        <source>spines</source>
        <translation>脊交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="46"/>
        <source>cores</source>
        <translation>核心交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="47"/>
        <source>frontend switches</source>
        <translation>前端交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="48"/>
        <source>gateways</source>
        <translation>网关</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="49"/>
        <source>storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="50"/>
        <source>links</source>
        <translation>链路</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="51"/>
        <source>backend links</source>
        <translation>后端链路</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="52"/>
        <source>frontend links</source>
        <translation>前端链路</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="53"/>
        <source>pods</source>
        <translation>Pod</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="64"/>
        <source>New from template</source>
        <translation>从模板新建</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="87"/>
        <source>Ethernet front-end plane</source>
        <translation>以太网前端网络</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="115"/>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="116"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="117"/>
        <source>GPUs per server</source>
        <translation>每台服务器 GPU 数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="120"/>
        <source>Back-end protocol</source>
        <translation>后端协议</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="121"/>
        <source>Oversubscription</source>
        <translation>收敛比</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="122"/>
        <source>Link speed (Gb/s)</source>
        <translation>链路速率 (Gb/s)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="123"/>
        <source>Planes</source>
        <translation>平面数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="147"/>
        <source>Ports each NIC port is split into, one independent plane each (multi-plane designs)</source>
        <translation>每个网卡端口拆分成的端口数，每个端口接入一个独立平面（多平面方案）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="199"/>
        <source>&apos;{0}&apos; is not a value of this field: from {1} to {2}</source>
        <translation>“{0}”不是此字段的有效值：应在 {1} 到 {2} 之间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="218"/>
        <source>estimated capex ≈ {0:,.0f} USD</source>
        <translation>估算资本支出 ≈ {0:,.0f} USD</translation>
    </message>
</context>
<context>
    <name>HandoverDialog</name>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="46"/>
        <location filename="../../designer/ui/handover_dialog.py" line="81"/>
        <source>Export hand-over files</source>
        <translation>导出交付文件</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="48"/>
        <source>Cabling plan (one row per cable, with its label)</source>
        <translation>布线表（每条线缆一行，含标签）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="49"/>
        <source>Bill of materials</source>
        <translation>物料清单</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="51"/>
        <source>Excel workbook (.xlsx)</source>
        <translation>Excel 工作簿 (.xlsx)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="52"/>
        <source>CSV (.csv)</source>
        <translation>CSV (.csv)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="53"/>
        <source>GraphML (reopens in Fabric Designer and other graph tools)</source>
        <translation>GraphML（可在 Fabric Designer 及其他图工具中重新打开）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="54"/>
        <source>Graphviz DOT</source>
        <translation>Graphviz DOT</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="55"/>
        <source>containerlab topology of the Ethernet parts</source>
        <translation>以太网部分的 containerlab 拓扑</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="61"/>
        <source>Tables as</source>
        <translation>表格格式</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="66"/>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="68"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="68"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="87"/>
        <source>Choose at least one file to write.</source>
        <translation>请至少选择一个要导出的文件。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="89"/>
        <source>The folder {0} does not exist.</source>
        <translation>文件夹 {0} 不存在。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="137"/>
        <source>Wrote {0} file(s) to {1}</source>
        <translation>已将 {0} 个文件写入 {1}</translation>
    </message>
</context>
<context>
    <name>HeatmapLayer</name>
    <message>
        <location filename="../../designer/ui/heatmap.py" line="23"/>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../../designer/ui/heatmap.py" line="41"/>
        <source>paused / credit wait</source>
        <translation>暂停 / 信用等待</translation>
    </message>
    <message>
        <location filename="../../designer/ui/heatmap.py" line="42"/>
        <source>a bundle shows its busiest cable</source>
        <translation>线束按其中最繁忙的线缆着色</translation>
    </message>
    <message>
        <location filename="../../designer/ui/heatmap.py" line="43"/>
        <source>Utilization: {0}</source>
        <translation>利用率：{0}</translation>
    </message>
</context>
<context>
    <name>ImageExportDialog</name>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="33"/>
        <location filename="../../designer/ui/image_export_dialog.py" line="80"/>
        <source>Export canvas image</source>
        <translation>导出画布图像</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="36"/>
        <source>PNG image (pixels)</source>
        <translation>PNG 图像（像素）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="36"/>
        <source>SVG (vector)</source>
        <translation>SVG（矢量）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="37"/>
        <source>PDF (vector)</source>
        <translation>PDF（矢量）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="39"/>
        <source>SVG and PDF stay sharp at any zoom; PNG is a picture at the chosen scale</source>
        <translation>SVG 和 PDF 在任意缩放下都保持清晰；PNG 是按所选比例生成的位图</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="40"/>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="42"/>
        <source>The whole drawing</source>
        <translation>整张图</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="43"/>
        <source>The current view</source>
        <translation>当前视图</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="44"/>
        <source>What</source>
        <translation>范围</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="49"/>
        <source> px per unit</source>
        <translation> 像素/单位</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="50"/>
        <source>2 gives sharp images on high-DPI screens and in slides</source>
        <translation>取 2 可在高分屏和幻灯片中得到清晰图像</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="51"/>
        <source>PNG scale</source>
        <translation>PNG 比例</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="53"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="53"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="90"/>
        <source>Choose a file to write.</source>
        <translation>请选择要写入的文件。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="92"/>
        <source>The file name must end in .{0}</source>
        <translation>文件名必须以 .{0} 结尾</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="94"/>
        <source>The folder {0} does not exist.</source>
        <translation>文件夹 {0} 不存在。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/canvas_export.py" line="21"/>
        <source>cannot write {0}</source>
        <translation>无法写入 {0}</translation>
    </message>
</context>
<context>
    <name>Inspector</name>
    <message>
        <location filename="../../designer/ui/inspector.py" line="45"/>
        <source>leaf</source>
        <translation>叶</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="45"/>
        <source>spine</source>
        <translation>脊</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="46"/>
        <source>core</source>
        <translation>核心</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="46"/>
        <location filename="../../designer/ui/inspector.py" line="50"/>
        <source>front-end</source>
        <translation>前端</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="48"/>
        <source>Ethernet</source>
        <translation>以太网</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="49"/>
        <source>back-end</source>
        <translation>后端</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="104"/>
        <source>{0} nodes, {1} links, {2} segments selected</source>
        <translation>已选中 {0} 个节点、{1} 条链路、{2} 个分区</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="105"/>
        <source>Select a single item to edit it. Align, distribute, copy and delete work on all.</source>
        <translation>选择单个对象进行编辑。对齐、分布、复制和删除对所有选中对象生效。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="115"/>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="116"/>
        <location filename="../../designer/ui/inspector.py" line="196"/>
        <source>Links</source>
        <translation>链路</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="117"/>
        <source>Segments</source>
        <translation>分区</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="118"/>
        <location filename="../../designer/ui/inspector.py" line="169"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="119"/>
        <source>Select a node, a cable or a segment&apos;s name tag to edit it.</source>
        <translation>选择节点、线缆或分区名称标签进行编辑。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="153"/>
        <location filename="../../designer/ui/scripted_session.py" line="52"/>
        <source>Rename {0}</source>
        <translation>重命名 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="154"/>
        <source>Model</source>
        <translation>型号</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="156"/>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="158"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="160"/>
        <source>Pod of {0}</source>
        <translation>{0} 的 Pod</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="164"/>
        <source>Ports {0}*</source>
        <translation>端口 {0}*</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="165"/>
        <source>{0}/{1} used · {2:g} Gb/s · {3}</source>
        <translation>已用 {0}/{1} · {2:g} Gb/s · {3}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="169"/>
        <source>Segment</source>
        <translation>分区</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="173"/>
        <source>Link {0}</source>
        <translation>链路 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="174"/>
        <source>Ends</source>
        <translation>两端</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="175"/>
        <source>Speed</source>
        <translation>速率</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="175"/>
        <source>{0:g} Gb/s</source>
        <translation>{0:g} Gb/s</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="176"/>
        <source>Plane</source>
        <translation>平面</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="180"/>
        <location filename="../../designer/ui/inspector.py" line="206"/>
        <source>{0} of {1}</source>
        <translation>{1} 的{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="195"/>
        <source>Long-haul bundle {0}</source>
        <translation>长距离链路束 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="196"/>
        <source>{0} x {1:g} Gb/s</source>
        <translation>{0} x {1:g} Gb/s</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="201"/>
        <source>Equipment</source>
        <translation>设备</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="202"/>
        <source>Optics</source>
        <translation>光模块</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="210"/>
        <source>Back-end segment {0}</source>
        <translation>后端分区 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="213"/>
        <source>Rename segment {0}</source>
        <translation>重命名分区 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="217"/>
        <source>Members</source>
        <translation>成员</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="217"/>
        <source>{0} nodes</source>
        <translation>{0} 个节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="222"/>
        <source>{0} settings</source>
        <translation>{0} 设置</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="311"/>
        <source>Settings of {0} are now custom: {1} changed from the {2} values</source>
        <translation>{0} 的设置现为自定义：{1} 已不同于“{2}”的值</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="322"/>
        <source>Settings of {0}: {1}</source>
        <translation>{0} 的设置：{1}</translation>
    </message>
</context>
<context>
    <name>JobDialog</name>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="28"/>
        <source>Packed (leaf by leaf)</source>
        <translation>紧凑（逐个叶交换机）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="29"/>
        <source>Spread (across leaves)</source>
        <translation>分散（跨叶交换机）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="30"/>
        <source>Random</source>
        <translation>随机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="31"/>
        <source>Rail-aligned (whole servers)</source>
        <translation>轨道对齐（整台服务器）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="32"/>
        <source>On these servers</source>
        <translation>在指定服务器上</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="33"/>
        <source>Every GPU of the design</source>
        <translation>设计中的全部 GPU</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="93"/>
        <location filename="../../designer/ui/jobs_dialog.py" line="200"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="93"/>
        <location filename="../../designer/ui/jobs_dialog.py" line="200"/>
        <source>Workload</source>
        <translation>负载</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="94"/>
        <source>Start at</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="94"/>
        <location filename="../../designer/ui/jobs_dialog.py" line="202"/>
        <source>Traffic class</source>
        <translation>流量类别</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="95"/>
        <location filename="../../designer/ui/jobs_dialog.py" line="201"/>
        <source>Placement</source>
        <translation>放置方式</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="96"/>
        <location filename="../../designer/ui/jobs_dialog.py" line="200"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="96"/>
        <location filename="../../designer/ui/jobs_dialog.py" line="202"/>
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="97"/>
        <location filename="../../designer/ui/jobs_dialog.py" line="201"/>
        <source>Random seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="116"/>
        <source>The workload as the command line writes it, e.g. allreduce:1GiB, alltoall:64MiB, train:70b:tp=8:pp=4, incast:16:64MiB</source>
        <translation>按命令行写法填写负载，例如 allreduce:1GiB、alltoall:64MiB、train:70b:tp=8:pp=4、incast:16:64MiB</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="119"/>
        <source>at once (e.g. 2ms)</source>
        <translation>立即开始（例如 2ms）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="123"/>
        <source>{0} (shared by default)</source>
        <translation>{0}（默认，共用）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="125"/>
        <source>The job&apos;s traffic class. RoCEv2: the Ethernet priority its packets carry, paused by PFC on its own (8 priorities). InfiniBand: its service level and virtual lane (up to the segment&apos;s virtual lanes), with credits of its own. Jobs in different classes do not pause each other; they share each link equally.</source>
        <translation>作业的流量类别。RoCEv2：其报文携带的以太网优先级，由 PFC 单独暂停（共 8 个优先级）。InfiniBand：其服务等级与虚通道（不超过该网段的虚通道数），拥有自己的信用。不同类别的作业互不暂停，平分每条链路的带宽。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="137"/>
        <source>all of them</source>
        <translation>全部</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="140"/>
        <source>e.g. srv-001..srv-004, srv-009</source>
        <translation>例如 srv-001..srv-004, srv-009</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="142"/>
        <source>the run&apos;s seed</source>
        <translation>沿用本次运行的种子</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="180"/>
        <source>Name: another job is called &apos;{0}&apos;</source>
        <translation>名称：已有名为“{0}”的作业</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="182"/>
        <source>GPUs: say how many GPUs the job takes</source>
        <translation>GPU 数：请填写该作业使用多少块 GPU</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="184"/>
        <source>Servers: name at least one server (select servers on the canvas, or type their ids)</source>
        <translation>服务器：请至少指定一台服务器（在画布上选择服务器，或输入其 ID）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="189"/>
        <source>{0}: {1}</source>
        <translation>{0}：{1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="193"/>
        <source>Workload: {0}</source>
        <translation>负载：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="195"/>
        <source>Placement: {0}</source>
        <translation>放置方式：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dialog.py" line="202"/>
        <source>Job</source>
        <translation>作业</translation>
    </message>
</context>
<context>
    <name>JobsController</name>
    <message>
        <location filename="../../designer/ui/jobs_controller.py" line="44"/>
        <source>Jobs</source>
        <translation>作业</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_controller.py" line="99"/>
        <source>The jobs cannot be placed as they stand: {0}</source>
        <translation>按当前设置无法放置这些作业：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_controller.py" line="103"/>
        <source>No jobs yet: select servers on the canvas and press New from selection, or Add…</source>
        <translation>尚无作业：在画布上选择服务器后点“由选中项新建”，或点“添加…”</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_controller.py" line="144"/>
        <source>New job</source>
        <translation>新建作业</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_controller.py" line="147"/>
        <source>New job &apos;{0}&apos;</source>
        <translation>新建作业“{0}”</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_controller.py" line="153"/>
        <source>Edit job</source>
        <translation>编辑作业</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_controller.py" line="158"/>
        <source>Edit job &apos;{0}&apos;</source>
        <translation>编辑作业“{0}”</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_controller.py" line="166"/>
        <source>Delete job &apos;{0}&apos;</source>
        <translation>删除作业“{0}”</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_controller.py" line="174"/>
        <location filename="../../designer/ui/jobs_controller.py" line="175"/>
        <source>Select GPU servers on the canvas first</source>
        <translation>请先在画布上选择 GPU 服务器</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_controller.py" line="179"/>
        <source>New job on {0} servers</source>
        <translation>在 {0} 台服务器上新建作业</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_controller.py" line="201"/>
        <source>Run the jobs together first (▶ Run jobs together), then ask what one of them would do alone</source>
        <translation>请先让作业同时运行（▶ 同时运行作业），再查看其中一个单独运行的情况</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_controller.py" line="207"/>
        <source>Running &apos;{0}&apos; alone on its own GPUs…</source>
        <translation>正在其自身的 GPU 上单独运行“{0}”…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_controller.py" line="217"/>
        <source>The jobs ran again meanwhile: ask again</source>
        <translation>其间作业已重新运行：请再试一次</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_controller.py" line="227"/>
        <source>alone {0} → together {1}</source>
        <translation>单独 {0} → 同时 {1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_controller.py" line="230"/>
        <source>step time</source>
        <translation>训练步时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_controller.py" line="230"/>
        <source>completion time</source>
        <translation>完成时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_controller.py" line="231"/>
        <source>&apos;{0}&apos; alone: {1} {2}; with the other jobs: {3}, {4:.2f}× as long</source>
        <translation>“{0}”单独运行：{1} {2}；与其他作业同时运行：{3}，为单独运行的 {4:.2f} 倍</translation>
    </message>
</context>
<context>
    <name>JobsDock</name>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="29"/>
        <source>Job</source>
        <translation>作业</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="29"/>
        <source>Workload</source>
        <translation>负载</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="30"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="30"/>
        <source>Placement</source>
        <translation>放置方式</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="31"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="31"/>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="32"/>
        <source>Slowdown</source>
        <translation>减速比</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="33"/>
        <source>packed</source>
        <translation>紧凑</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="33"/>
        <source>spread</source>
        <translation>分散</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="34"/>
        <source>random</source>
        <translation>随机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="35"/>
        <source>rail-aligned</source>
        <translation>轨道对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="36"/>
        <source>every GPU</source>
        <translation>全部 GPU</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="55"/>
        <source>{0} servers</source>
        <translation>{0} 台服务器</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="88"/>
        <source>Colour the cables on the canvas by this job&apos;s traffic alone</source>
        <translation>画布上的线缆只按该作业自身的流量着色</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="155"/>
        <source>Traffic class: Ethernet priority (RoCEv2) or virtual lane (InfiniBand)</source>
        <translation>流量类别：以太网优先级（RoCEv2）或虚通道（InfiniBand）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="173"/>
        <source>only {0}&apos;s traffic</source>
        <translation>仅 {0} 的流量</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="97"/>
        <source>Heat-map:</source>
        <translation>热力图：</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="104"/>
        <source>Add…</source>
        <translation>添加…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="105"/>
        <source>Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="106"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="107"/>
        <source>New from selection</source>
        <translation>由选中项新建</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="108"/>
        <source>A new job on the GPUs of the servers selected on the canvas</source>
        <translation>在画布上选中的服务器的 GPU 上新建作业</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="109"/>
        <source>▶ Run jobs together</source>
        <translation>▶ 同时运行作业</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="110"/>
        <source>Simulate every job at once on the design (F5 does too while the design has jobs)</source>
        <translation>在设计上同时仿真所有作业（设计中有作业时 F5 也会这样做）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="112"/>
        <source>What if it ran alone?</source>
        <translation>如果单独运行会怎样？</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="113"/>
        <source>Run the selected job by itself on the same GPUs and compare with the last run of the jobs together</source>
        <translation>在相同的 GPU 上单独运行选中的作业，并与上次作业同时运行的结果比较</translation>
    </message>
    <message>
        <location filename="../../designer/ui/jobs_dock.py" line="171"/>
        <source>all traffic</source>
        <translation>全部流量</translation>
    </message>
</context>
<context>
    <name>LivePlots</name>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="45"/>
        <location filename="../../designer/ui/live_plots.py" line="58"/>
        <source>goodput</source>
        <translation>有效吞吐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="46"/>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="47"/>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="48"/>
        <source>p99.9</source>
        <translation>p99.9</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="49"/>
        <source>mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="50"/>
        <source>max</source>
        <translation>最大</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="51"/>
        <source>deepest queue</source>
        <translation>最深队列</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="54"/>
        <source>credit stall</source>
        <translation>信用等待</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="55"/>
        <location filename="../../designer/ui/live_plots.py" line="64"/>
        <location filename="../../designer/ui/live_plots.py" line="72"/>
        <source>utilization</source>
        <translation>利用率</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="58"/>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="60"/>
        <source>latency</source>
        <translation>时延</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="66"/>
        <source>Queue depth</source>
        <translation>队列深度</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="66"/>
        <source>queue</source>
        <translation>队列</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="68"/>
        <source>share</source>
        <translation>占比</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="223"/>
        <source>Hover for values; right-click → Export… for PNG, SVG or CSV</source>
        <translation>悬停查看数值；右键 → 导出… 可存为 PNG、SVG 或 CSV</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="170"/>
        <source>The five busiest cables in the latest interval</source>
        <translation>最近时段内最繁忙的五条线缆</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="52"/>
        <source>PFC pause</source>
        <translation>PFC 暂停</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="53"/>
        <source>ECN</source>
        <translation>ECN</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="59"/>
        <source>Useful bytes delivered through the NICs per second</source>
        <translation>每秒经网卡送达的有效字节</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="60"/>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="61"/>
        <source>One-way latency of delivered data, queueing included: running percentiles</source>
        <translation>已送达数据的单向延迟（含排队）：累计百分位</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="63"/>
        <source>Link utilization</source>
        <translation>链路利用率</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="65"/>
        <source>Back-end links that carried traffic: mean and busiest</source>
        <translation>承载流量的后端链路：平均值与最繁忙者</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="67"/>
        <source>The deepest queue of any port</source>
        <translation>所有端口中最深的队列</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="68"/>
        <source>Lossless signals</source>
        <translation>无损网络信号</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="69"/>
        <source>PFC pauses, ECN marks and IB credit stalls (share of port-time or bytes)</source>
        <translation>PFC 暂停、ECN 标记与 IB 信用等待（占端口时间或字节的比例）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="71"/>
        <source>Selection</source>
        <translation>选中对象</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="73"/>
        <source>Select a cable or a node on the canvas to follow it here</source>
        <translation>在画布上选中一条线缆或一个节点，即可在此跟踪它</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="75"/>
        <source>Run a simulation to see its throughput, latency, link utilization, queues and PFC / ECN / credit signals here, over simulated time.
Simulate → Run simulation (F5), with the workload chosen in the Run panel.</source>
        <translation>运行一次仿真，即可在此按仿真时间查看吞吐量、延迟、链路利用率、队列以及 PFC / ECN / 信用信号。
仿真 → 运行仿真（F5），负载在“运行”面板中选择。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="237"/>
        <source>Select a cable
or a node</source>
        <translation>请选中一条线缆
或一个节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="270"/>
        <source>simulated time ({0})</source>
        <translation>仿真时间（{0}）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="272"/>
        <source>time ({0})</source>
        <translation>时间（{0}）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="378"/>
        <source>✕ {what}</source>
        <translation>✕ {what}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="379"/>
        <source>▲ back: {what}</source>
        <translation>▲ 恢复：{what}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="380"/>
        <source>rerouted: {what}</source>
        <translation>已重路由：{what}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="421"/>
        <source>Busiest cables over the run: {0}</source>
        <translation>整个运行中最繁忙的线缆：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="439"/>
        <source>Hot cables: {0}</source>
        <translation>最繁忙的线缆：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="248"/>
        <source>Selected: {0}</source>
        <translation>选中：{0}</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../designer/ui/main_window.py" line="136"/>
        <source>Palette</source>
        <translation>组件库</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="139"/>
        <source>Overview</source>
        <translation>全局视图</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="141"/>
        <source>Inspector</source>
        <translation>属性</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="144"/>
        <source>Opened design</source>
        <translation>已打开设计</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="146"/>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="148"/>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="257"/>
        <source>&amp;Run simulation</source>
        <translation>运行仿真(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="258"/>
        <source>&amp;Compare IB vs RoCEv2</source>
        <translation>对比 IB 与 RoCEv2(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="259"/>
        <source>Export &amp;PDF proposal…</source>
        <translation>导出 PDF 方案书(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="273"/>
        <source>Align left</source>
        <translation>左对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="274"/>
        <source>Align centres horizontally</source>
        <translation>水平居中对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="275"/>
        <source>Align right</source>
        <translation>右对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="276"/>
        <source>Align top</source>
        <translation>顶端对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="277"/>
        <source>Align middles vertically</source>
        <translation>垂直居中对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="278"/>
        <source>Align bottom</source>
        <translation>底端对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="421"/>
        <source>New untitled design: {0} ({1} GPUs); Save asks where to keep it</source>
        <translation>新的未命名设计：{0}（{1} 个 GPU）；保存时会询问存放位置</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="28"/>
        <source>Both planes</source>
        <translation>前后端网络</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="60"/>
        <source>Fabric designs (*.json *.fabric.json);;All files (*)</source>
        <translation>网络设计 (*.json *.fabric.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="26"/>
        <source>Available once the simulation engine is installed</source>
        <translation>安装仿真引擎后可用</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="29"/>
        <source>Back-end only</source>
        <translation>仅后端网络</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="30"/>
        <source>Front-end only</source>
        <translation>仅前端网络</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="180"/>
        <source>Cable colours: back-end segments by protocol; the front-end dashed</source>
        <translation>线缆颜色：后端分区按协议着色；前端为虚线</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="225"/>
        <source>unsaved</source>
        <translation>未保存</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="226"/>
        <source>{0} — {1}[*] — Fabric Designer</source>
        <translation>{0} — {1}[*] — Fabric Designer</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="246"/>
        <source>The design checks could not run: {0}</source>
        <translation>设计规则检查无法运行：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="255"/>
        <source>Problems ({0})</source>
        <translation>问题（{0}）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="257"/>
        <source>Problems (1 error, {0} in all)</source>
        <translation>问题（1 个错误，共 {0} 个）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="259"/>
        <source>Problems ({0} errors, {1} in all)</source>
        <translation>问题（{0} 个错误，共 {1} 个）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="294"/>
        <source>Link mode: drag from one node to another</source>
        <translation>连线模式：从一个节点拖到另一个节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="295"/>
        <source>Select mode</source>
        <translation>选择模式</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="333"/>
        <source>Select the nodes of the new segment first</source>
        <translation>请先选择新分区的节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="336"/>
        <source>Segment {0}</source>
        <translation>分区 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="361"/>
        <source>Save &apos;{0}&apos; with the results of its last run? They are lost otherwise.</source>
        <translation>是否将“{0}”连同最近一次运行的结果一起保存？否则这些结果将丢失。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="365"/>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="363"/>
        <source>Save the changes to &apos;{0}&apos;?</source>
        <translation>保存对“{0}”的修改？</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="397"/>
        <source>Opened the advisor&apos;s candidate: {0}</source>
        <translation>已打开选型助手的候选方案：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="406"/>
        <source>The topology generators are not installed</source>
        <translation>未安装拓扑生成器</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="410"/>
        <source>Generating the design…</source>
        <translation>正在生成设计…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="417"/>
        <source>Cannot generate</source>
        <translation>无法生成</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="428"/>
        <source>Open design</source>
        <translation>打开设计</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="445"/>
        <source>Cannot open</source>
        <translation>无法打开</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="449"/>
        <source>Opened {0}</source>
        <translation>已打开 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="460"/>
        <source>Save design</source>
        <translation>保存设计</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="467"/>
        <source>Cannot save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="474"/>
        <source>Saved {0}</source>
        <translation>已保存 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_exports.py" line="53"/>
        <source>Proposal written to {0}</source>
        <translation>方案书已写入 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_exports.py" line="59"/>
        <source>Export canvas as {0}</source>
        <translation>将画布导出为 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_exports.py" line="69"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_exports.py" line="71"/>
        <location filename="../../designer/ui/window_exports.py" line="82"/>
        <source>Exported {0}</source>
        <translation>已导出 {0}</translation>
    </message>
</context>
<context>
    <name>NodeItem</name>
    <message>
        <location filename="../../designer/ui/node_item.py" line="31"/>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location filename="../../designer/ui/node_item.py" line="31"/>
        <source>switch</source>
        <translation>交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/node_item.py" line="32"/>
        <source>gateway</source>
        <translation>网关</translation>
    </message>
    <message>
        <location filename="../../designer/ui/node_item.py" line="32"/>
        <source>storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <location filename="../../designer/ui/node_item.py" line="94"/>
        <source>{0} GPUs</source>
        <translation>{0} 个 GPU</translation>
    </message>
    <message>
        <location filename="../../designer/ui/node_item.py" line="95"/>
        <source>ports used: {0}</source>
        <translation>已用端口：{0}</translation>
    </message>
</context>
<context>
    <name>Overview</name>
    <message>
        <location filename="../../designer/ui/overview.py" line="23"/>
        <source>Overview: click or drag to move the canvas</source>
        <translation>全局视图：点击或拖动以移动画布</translation>
    </message>
</context>
<context>
    <name>Palette</name>
    <message>
        <location filename="../../designer/ui/palette.py" line="22"/>
        <source>GPU servers</source>
        <translation>GPU 服务器</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="23"/>
        <source>{0} {1}: {2}× {3}, {4}× {5:g}G back-end, {6}× {7:g}G front-end</source>
        <translation>{0} {1}：{2}× {3}，{4}× {5:g}G 后端，{6}× {7:g}G 前端</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="28"/>
        <source>leaf</source>
        <translation>叶</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="28"/>
        <source>spine</source>
        <translation>脊</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="29"/>
        <source>core</source>
        <translation>核心</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="29"/>
        <source>front-end</source>
        <translation>前端</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="30"/>
        <source>Leaf switches</source>
        <translation>叶交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="31"/>
        <source>Spine switches</source>
        <translation>脊交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="32"/>
        <source>Core switches</source>
        <translation>核心交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="33"/>
        <source>Front-end switches</source>
        <translation>前端交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="39"/>
        <source>Ethernet</source>
        <translation>以太网</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="40"/>
        <source>{0} {1} ({2}) as {3}: {4} ports at {5:g} Gb/s</source>
        <translation>{0} {1}（{2}），用作{3}交换机：{4} 个 {5:g} Gb/s 端口</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="44"/>
        <source>, split from {0}×{1:g}G</source>
        <translation>，由 {0}×{1:g}G 拆分</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="48"/>
        <source>Gateways</source>
        <translation>网关</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="49"/>
        <source>{0} {1}: {2} IB + {3} Ethernet ports at {4:g}G</source>
        <translation>{0} {1}：{2} 个 IB + {3} 个以太网端口，{4:g}G</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="52"/>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="53"/>
        <source>{0}: {1}× {2:g}G front-end</source>
        <translation>{0}：{1}× {2:g}G 前端</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="90"/>
        <source>Search models…</source>
        <translation>搜索型号…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="109"/>
        <source>Drag onto the canvas, or double-click to place at the centre.</source>
        <translation>拖到画布上，或双击放置在画布中央。</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <location filename="../../designer/ui/preferences_dialog.py" line="17"/>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <location filename="../../designer/ui/preferences_dialog.py" line="20"/>
        <source>System default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../designer/ui/preferences_dialog.py" line="23"/>
        <source>Language of the window, the messages and new PDF proposals</source>
        <translation>窗口、消息和新 PDF 方案书的语言</translation>
    </message>
    <message>
        <location filename="../../designer/ui/preferences_dialog.py" line="25"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../../designer/ui/preferences_dialog.py" line="26"/>
        <source>The language takes effect after you restart Fabric Designer.</source>
        <translation>语言设置将在重新启动 Fabric Designer 后生效。</translation>
    </message>
</context>
<context>
    <name>ProblemsPanel</name>
    <message>
        <location filename="../../designer/ui/problems.py" line="18"/>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../../designer/ui/problems.py" line="19"/>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../../designer/ui/problems.py" line="20"/>
        <source>Info</source>
        <translation>信息</translation>
    </message>
    <message>
        <location filename="../../designer/ui/problems.py" line="30"/>
        <source>Severity</source>
        <translation>级别</translation>
    </message>
    <message>
        <location filename="../../designer/ui/problems.py" line="30"/>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <location filename="../../designer/ui/problems.py" line="30"/>
        <source>Message</source>
        <translation>描述</translation>
    </message>
    <message>
        <location filename="../../designer/ui/problems.py" line="56"/>
        <source>Design-rule checks are not available</source>
        <translation>设计规则检查不可用</translation>
    </message>
    <message>
        <location filename="../../designer/ui/problems.py" line="56"/>
        <source>No problems found</source>
        <translation>未发现问题</translation>
    </message>
</context>
<context>
    <name>QuickStart</name>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="33"/>
        <source>Draw</source>
        <translation>绘制</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="34"/>
        <source>Drag servers and switches from the Palette onto the canvas. Press L and drag from one node to another to cable them; select servers and switches and press Ctrl+K to cable them all at once (rail-aligned), or Ctrl+Shift+K (round-robin). Or start from File → New from template (Ctrl+Shift+N).</source>
        <translation>从组件库把服务器和交换机拖到画布上。按 L 后从一个节点拖到另一个节点即可连线；选中服务器和交换机后按 Ctrl+K 可一次全部连好（按轨道对齐），或按 Ctrl+Shift+K（轮流分配）。也可以从 文件 → 从模板新建（Ctrl+Shift+N）开始。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="39"/>
        <source>Choose the protocol</source>
        <translation>选择协议</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="40"/>
        <source>Select the back-end nodes and press Ctrl+G to make them an InfiniBand or RoCEv2 segment; click its name tag to tune PFC, ECN, DCQCN or adaptive routing in the Inspector.</source>
        <translation>选中后端节点并按 Ctrl+G，将它们设为 InfiniBand 或 RoCEv2 分区；点击分区的名称标签，即可在属性面板中调整 PFC、ECN、DCQCN 或自适应路由。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="43"/>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="44"/>
        <source>The Problems dock lists what the design rules find (ports, speeds, reach, oversubscription); click a problem to see its culprits.</source>
        <translation>“问题”面板列出设计规则检查的结果（端口、速率、传输距离、收敛比）；点击某个问题即可看到相关元件。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="46"/>
        <source>Simulate</source>
        <translation>仿真</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="47"/>
        <source>Choose a workload in the Run panel and press F5: the live plots fill as the simulation goes and the canvas becomes a utilization heat-map. F6 runs it as InfiniBand and as RoCEv2 side by side. Right-click a switch or a cable to fail it.</source>
        <translation>在“运行”面板中选择负载并按 F5：实时曲线随仿真推进而绘出，画布变为利用率热力图。F6 将其分别作为 InfiniBand 和 RoCEv2 运行并并排对比。右键点击交换机或线缆可使其故障。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="51"/>
        <source>Hand over</source>
        <translation>交付</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="52"/>
        <source>File → Export PDF proposal (Ctrl+P) writes the proposal with the drawing, the bill of materials, the results and a recommendation; the hand-over files are the cabling plan and the BOM as spreadsheets.</source>
        <translation>文件 → 导出 PDF 方案书（Ctrl+P）会生成包含拓扑图、物料清单、仿真结果和建议的方案书；交付文件为表格形式的布线计划和物料清单。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="60"/>
        <source>Fabric Designer in five steps</source>
        <translation>五步上手 Fabric Designer</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="61"/>
        <source>Help → Keyboard shortcuts lists every key; every edit can be undone with Ctrl+Z.</source>
        <translation>帮助 → 键盘快捷键列出了所有按键；每次编辑都可以用 Ctrl+Z 撤销。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="83"/>
        <source>Quick start</source>
        <translation>快速入门</translation>
    </message>
</context>
<context>
    <name>RackController</name>
    <message>
        <location filename="../../designer/ui/rack_controller.py" line="94"/>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location filename="../../designer/ui/rack_controller.py" line="126"/>
        <source>No rack plan: {0}</source>
        <translation>无机柜规划：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/rack_controller.py" line="139"/>
        <source>{0} racks ({1}), {2:,.1f} kW</source>
        <translation>共 {0} 个机柜（{1}），{2:,.1f} kW</translation>
    </message>
    <message>
        <location filename="../../designer/ui/rack_controller.py" line="141"/>
        <source>1 rack in 1 row, {0:,.1f} kW</source>
        <translation>1 个机柜，1 排，{0:,.1f} kW</translation>
    </message>
    <message>
        <location filename="../../designer/ui/rack_controller.py" line="142"/>
        <source>{0} racks in {1} rows, {2:,.1f} kW</source>
        <translation>{0} 个机柜，{1} 排，{2:,.1f} kW</translation>
    </message>
    <message>
        <location filename="../../designer/ui/rack_controller.py" line="143"/>
        <source>{0} racks in 1 row, {1:,.1f} kW</source>
        <translation>{0} 个机柜，1 排，{1:,.1f} kW</translation>
    </message>
    <message>
        <location filename="../../designer/ui/rack_controller.py" line="145"/>
        <source>1 rack over the power budget</source>
        <translation>1 个机柜超出功率预算</translation>
    </message>
    <message>
        <location filename="../../designer/ui/rack_controller.py" line="146"/>
        <source>{0} racks over the power budget</source>
        <translation>{0} 个机柜超出功率预算</translation>
    </message>
    <message>
        <location filename="../../designer/ui/rack_controller.py" line="148"/>
        <source>plan saved with the design</source>
        <translation>规划已随设计保存</translation>
    </message>
    <message>
        <location filename="../../designer/ui/rack_controller.py" line="150"/>
        <source>planned now: the design changed since its racks were planned; Plan racks keeps this plan</source>
        <translation>当前规划：设计在机柜规划后已更改；点击“规划机柜”保存此规划</translation>
    </message>
    <message>
        <location filename="../../designer/ui/rack_controller.py" line="152"/>
        <source>planned now; Plan racks keeps this plan and sets the cable lengths</source>
        <translation>当前规划；点击“规划机柜”保存此规划并设置线缆长度</translation>
    </message>
    <message>
        <location filename="../../designer/ui/rack_controller.py" line="156"/>
        <source>Plan racks</source>
        <translation>规划机柜</translation>
    </message>
    <message>
        <location filename="../../designer/ui/rack_controller.py" line="163"/>
        <source>Change build settings</source>
        <translation>更改部署设置</translation>
    </message>
    <message>
        <location filename="../../designer/ui/rack_controller.py" line="175"/>
        <source>Racks planned: cable types and lengths follow the positions</source>
        <translation>机柜已规划：线缆类型和长度按设备位置确定</translation>
    </message>
</context>
<context>
    <name>RackElevationView</name>
    <message>
        <location filename="../../designer/ui/rack_view.py" line="136"/>
        <source>Rack {0}: {1} of {2} U, {3:.1f} of {4:.0f} kW, {5} PDUs</source>
        <translation>机柜 {0}：已用 {1}/{2}U，{3:.1f}/{4:.0f} kW，{5} 个 PDU</translation>
    </message>
    <message>
        <location filename="../../designer/ui/rack_view.py" line="140"/>
        <source>{0:.1f} / {1:.0f} kW</source>
        <translation>{0:.1f} / {1:.0f} kW</translation>
    </message>
    <message>
        <location filename="../../designer/ui/rack_view.py" line="149"/>
        <source>{0} PDUs on the A and B feeds</source>
        <translation>A、B 两路供电共 {0} 个 PDU</translation>
    </message>
    <message>
        <location filename="../../designer/ui/rack_view.py" line="161"/>
        <source>{0}
{1} ({2})
U{3}-U{4}, {5:,.0f} W</source>
        <translation>{0}
{1}（{2}）
U{3}-U{4}，{5:,.0f} W</translation>
    </message>
</context>
<context>
    <name>RackItem</name>
    <message>
        <location filename="../../designer/ui/rack_item.py" line="66"/>
        <source>one NVLink domain of {0} GPUs</source>
        <translation>一个 {0} GPU 的 NVLink 域</translation>
    </message>
</context>
<context>
    <name>RacksPanel</name>
    <message>
        <location filename="../../designer/ui/rack_controller.py" line="69"/>
        <source>Plan racks</source>
        <translation>规划机柜</translation>
    </message>
    <message>
        <location filename="../../designer/ui/rack_controller.py" line="70"/>
        <source>Place the devices in racks by the build settings and give every cable its type and length from the positions (undoable)</source>
        <translation>按部署设置将设备放入机柜，并按设备位置确定每根线缆的类型和长度（可撤销）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/rack_controller.py" line="72"/>
        <source>Build settings…</source>
        <translation>部署设置…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/rack_controller.py" line="73"/>
        <source>Racks and floor, spares, device labels and the optional lines of the bill of materials</source>
        <translation>机柜与机房布局、备件、设备标签以及物料清单的可选项目</translation>
    </message>
    <message>
        <location filename="../../designer/ui/rack_controller.py" line="75"/>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
</context>
<context>
    <name>RequirementsPage</name>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="94"/>
        <source>Your cluster</source>
        <translation>您的集群</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="95"/>
        <source>The advisor generates InfiniBand, RoCEv2, rail-optimized and hybrid designs at 1:1 and 2:1, and rail-only and multi-plane ones where they apply, simulates and costs each, and ranks them for your priorities.</source>
        <translation>选型助手会生成收敛比 1:1 和 2:1 的 InfiniBand、RoCEv2、轨道优化和混合方案，并在适用时加入仅轨道和多平面方案，逐一仿真并核算成本，再按您的优先级排序。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="98"/>
        <source>Across two sites the advisor builds a leaf-spine in each site (InfiniBand and RoCEv2 at 1:1 and 2:1, and Spectrum-X) joined by your long-haul links, simulates your training on each, says whether training across the sites is viable and what link capacity would make it so, and ranks them.</source>
        <translation>跨两个站点时，选型助手在每个站点构建一套叶脊网络（InfiniBand 与 RoCEv2 各 1:1 和 2:1，以及 Spectrum-X），由您的长距离链路连接；在每个方案上仿真您的训练，判断跨站点训练是否可行、需要多大的链路容量才可行，并进行排序。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="109"/>
        <source>e.g. allreduce:1GiB, train:70b:dp=32, alltoall:4MiB (several: separate by ;)</source>
        <translation>例如 allreduce:1GiB、train:70b:dp=32、alltoall:4MiB（多个时用 ; 分隔）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="115"/>
        <source>no budget</source>
        <translation>无预算</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="119"/>
        <source>We already run Ethernet at scale</source>
        <translation>我们已大规模运行以太网</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="120"/>
        <source>Tail latency matters more than cost</source>
        <translation>尾延迟比成本更重要</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="125"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="126"/>
        <source>Workload</source>
        <translation>负载</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="127"/>
        <source>Budget (capex)</source>
        <translation>预算（资本支出）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="128"/>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="131"/>
        <source>Sites</source>
        <translation>站点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="132"/>
        <source>Distance between the sites</source>
        <translation>站点之间的距离</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="141"/>
        <source>One site</source>
        <translation>一个站点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="142"/>
        <source>Two sites, half the GPUs in each</source>
        <translation>两个站点，各放一半 GPU</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="190"/>
        <source>GPUs must be a multiple of 8 (8-GPU servers).</source>
        <translation>GPU 数必须是 8 的倍数（每台服务器 8 个 GPU）。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="192"/>
        <source>With two sites, GPUs must be a multiple of 16 (half in each site, in 8-GPU servers).</source>
        <translation>两个站点时，GPU 数必须是 16 的倍数（每个站点一半，均为 8 GPU 服务器）。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="194"/>
        <source>Enter a workload, e.g. allreduce:1GiB.</source>
        <translation>请输入负载，例如 allreduce:1GiB。</translation>
    </message>
</context>
<context>
    <name>ResultsPage</name>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="51"/>
        <source>Candidate</source>
        <translation>候选方案</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="51"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="52"/>
        <source>Capex</source>
        <translation>资本支出</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="52"/>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="53"/>
        <source>Across sites</source>
        <translation>跨站点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="234"/>
        <source>Ranked candidates</source>
        <translation>候选方案排名</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="283"/>
        <source>within</source>
        <translation>预算内</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="283"/>
        <source>over</source>
        <translation>超预算</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="276"/>
        <source>Select a candidate and press Finish to open it (the first is recommended).</source>
        <translation>选择一个候选方案并点击“完成”打开（第一个为推荐方案）。</translation>
    </message>
</context>
<context>
    <name>RunController</name>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="76"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="79"/>
        <source>Live plots</source>
        <translation>实时曲线</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="121"/>
        <source>Simulate the workload chosen in the Run panel</source>
        <translation>仿真运行面板中选择的负载</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="123"/>
        <source>Run the workload as InfiniBand and as RoCEv2 and show both side by side</source>
        <translation>分别以 InfiniBand 和 RoCEv2 运行该负载，并排显示两者结果</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="166"/>
        <source>Running {0} (seed {1}, {2})…</source>
        <translation>正在运行 {0}（随机种子 {1}，{2}）…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="167"/>
        <source>as drawn</source>
        <translation>按设计原样</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="167"/>
        <source>all IB</source>
        <translation>全部 IB</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="168"/>
        <source>all RoCEv2</source>
        <translation>全部 RoCEv2</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="181"/>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="181"/>
        <source>Running…</source>
        <translation>正在运行…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="189"/>
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="201"/>
        <source>simulating the queues of a congested step: {0:.0%} of the step</source>
        <translation>正在仿真拥塞步骤中的队列：已完成该步骤的 {0:.0%}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="212"/>
        <source>simulated training step {0} of {1} (step-to-step jitter)</source>
        <translation>已模拟第 {0} 个训练步（共 {1} 个，用于步间抖动）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="337"/>
        <source>Stopped the run: the design it ran on was closed</source>
        <translation>已停止运行：其所模拟的设计已关闭</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="383"/>
        <source>simulated time ({0})</source>
        <translation>仿真时间（{0}）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="426"/>
        <source>not completed (stopped at {0})</source>
        <translation>未完成（在 {0} 停止）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="444"/>
        <source>Bytes inside NVLink domains</source>
        <translation>留在 NVLink 域内的字节</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="457"/>
        <source>Time to train</source>
        <translation>训练总时长</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="458"/>
        <source>{0:.3g} days</source>
        <translation>{0:.3g} 天</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="460"/>
        <source>Step jitter (CV)</source>
        <translation>步长抖动（变异系数）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="463"/>
        <source>Requests/s within {0:g} ms</source>
        <translation>{0:g} ms 内每秒请求数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="474"/>
        <source>Bytes inside / across sites</source>
        <translation>站点内 / 跨站点字节数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="476"/>
        <source>Across sites: time / not hidden</source>
        <translation>跨站点：时间 / 未被隐藏</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="479"/>
        <source>Pipeline bubble added by the distance</source>
        <translation>距离增加的流水线气泡</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="493"/>
        <source>Algorithm</source>
        <translation>算法</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="233"/>
        <source>simulated {0:.3f} ms · {1:.0%}</source>
        <translation>已仿真 {0:.3f} ms · {1:.0%}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="249"/>
        <source>simulated {0:.3f} ms in {1:.2f} s</source>
        <translation>用 {1:.2f} 秒仿真了 {0:.3f} ms</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="251"/>
        <source>Done: {0}</source>
        <translation>完成：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="363"/>
        <source>{0} cables</source>
        <translation>{0} 条线缆</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="366"/>
        <source>{0} (busiest of its {1} cables)</source>
        <translation>{0}（其 {1} 条线缆中最繁忙的）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="382"/>
        <source>Utilization in the last run: {0}</source>
        <translation>上次运行中的利用率：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="427"/>
        <source>Completion</source>
        <translation>完成时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="428"/>
        <source>Goodput</source>
        <translation>有效吞吐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="430"/>
        <source>Bus bandwidth</source>
        <translation>总线带宽</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="433"/>
        <source>vs ideal fabric</source>
        <translation>相对理想网络</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="435"/>
        <source>Latency p50 / p99 / p99.9</source>
        <translation>时延 p50 / p99 / p99.9</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="438"/>
        <source>GPU utilization</source>
        <translation>GPU 利用率</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="440"/>
        <source>PFC paused / credit stall</source>
        <translation>PFC 暂停 / 信用等待</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="442"/>
        <source>ECN marked</source>
        <translation>ECN 标记</translation>
    </message>
</context>
<context>
    <name>RunPage</name>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="209"/>
        <source>Building the candidates</source>
        <translation>正在生成候选方案</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="211"/>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
</context>
<context>
    <name>RunPanel</name>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="44"/>
        <source>As drawn</source>
        <translation>按设计原样</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="45"/>
        <source>All back-end InfiniBand</source>
        <translation>后端全部为 InfiniBand</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="46"/>
        <source>All back-end RoCEv2</source>
        <translation>后端全部为 RoCEv2</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="56"/>
        <source>Ring</source>
        <translation>环形 (Ring)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="57"/>
        <source>Tree</source>
        <translation>树形 (Tree)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="57"/>
        <source>Hierarchical</source>
        <translation>分层 (Hierarchical)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="162"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="165"/>
        <source>Algorithm</source>
        <translation>算法</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="35"/>
        <source>Training step</source>
        <translation>训练步</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="163"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="166"/>
        <source>Data parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="167"/>
        <source>Tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="168"/>
        <source>Pipeline parallel</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="36"/>
        <source>Inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="164"/>
        <source>Requests / s</source>
        <translation>请求数 / 秒</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="32"/>
        <source>Incast</source>
        <translation>多打一 (Incast)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="161"/>
        <source>Senders</source>
        <translation>发送端数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="31"/>
        <source>Permutation</source>
        <translation>置换流量</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="32"/>
        <source>Ping-pong</source>
        <translation>往返测试 (Ping-pong)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="33"/>
        <source>Replication to the other site</source>
        <translation>复制到另一站点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="34"/>
        <source>Checkpoint copy to the other site</source>
        <translation>检查点复制到另一站点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="48"/>
        <source>Megatron&apos;s rank order</source>
        <translation>Megatron 的秩顺序</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="49"/>
        <source>Half the stages in each site</source>
        <translation>每个站点各放一半流水线阶段</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="50"/>
        <source>Each pipeline inside one site</source>
        <translation>每条流水线在一个站点内</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="51"/>
        <source>One ring across the sites</source>
        <translation>跨站点单一环</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="52"/>
        <source>Hierarchical: inside each site, then across</source>
        <translation>分层：先在各站点内，再跨站点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="53"/>
        <source>In the model&apos;s site</source>
        <translation>在模型所在站点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="54"/>
        <source>In another site</source>
        <translation>在另一个站点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="56"/>
        <source>Engine&apos;s choice</source>
        <translation>由引擎选择</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="99"/>
        <source>Run every job of the Jobs dock at once, each on its own GPUs, instead of the workload below on every GPU</source>
        <translation>同时运行“作业”面板中的所有作业，每个作业使用各自的 GPU，而不是在全部 GPU 上运行下方的负载</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="133"/>
        <source>Engine&apos;s choice: the engine picks; the figures of the run name the algorithm that ran</source>
        <translation>由引擎选择：引擎自行决定；运行结果中会注明实际运行的算法</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="136"/>
        <source>Segment&apos;s setting</source>
        <translation>按分区设置</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="137"/>
        <source>Queue pairs each connection opens on RoCEv2, which ECMP spreads over the paths: the segment&apos;s setting unless a number is chosen here</source>
        <translation>RoCEv2 上每个连接打开的队列对数，由 ECMP 分散到各条路径上：未在此选择数字时按分区的设置</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="145"/>
        <source>Where a training job&apos;s pipeline stages stand when the design has two sites: only one stage boundary crosses the span, or none</source>
        <translation>设计有两个站点时训练作业的流水线阶段放在哪里：只有一个阶段边界跨越长距离链路，或者没有</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="147"/>
        <source>How the gradients are exchanged across the sites: one flat ring, or reduced inside each site first and then across</source>
        <translation>梯度如何跨站点交换：一个扁平的环，或先在各站点内归约再跨站点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="149"/>
        <source>Where the requests come from: users of the model&apos;s own site, or of another site over the long-haul links</source>
        <translation>请求来自哪里：模型所在站点的用户，或经长距离链路来自另一个站点的用户</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="169"/>
        <source>Round trips</source>
        <translation>往返次数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="172"/>
        <source>Clients</source>
        <translation>客户端</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="173"/>
        <source>Queue pairs / flow</source>
        <translation>每条流的队列对</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="182"/>
        <source>▶ Run</source>
        <translation>▶ 运行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="183"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="185"/>
        <source>■ Stop</source>
        <translation>■ 停止</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="186"/>
        <source>Compare IB vs RoCEv2</source>
        <translation>对比 IB 与 RoCEv2</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="187"/>
        <source>Simulate this workload on the design (F5)</source>
        <translation>在此设计上仿真该负载 (F5)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="110"/>
        <location filename="../../designer/ui/run_panel.py" line="322"/>
        <location filename="../../designer/ui/run_panel.py" line="327"/>
        <source>No run yet.</source>
        <translation>尚未运行。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="170"/>
        <source>Pipeline stages</source>
        <translation>流水线阶段</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="171"/>
        <source>Gradient exchange</source>
        <translation>梯度交换</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="188"/>
        <source>Run the workload on the design&apos;s IB option, then its RoCEv2 option, each on its own hardware (F6)</source>
        <translation>依次在本设计的 IB 方案和 RoCEv2 方案上运行该负载，各用其自身硬件 (F6)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="235"/>
        <source>Needs a design of two sites (New from template… → two sites)</source>
        <translation>需要两个站点的设计（从模板新建… → 两个站点）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="276"/>
        <source>Run the design&apos;s {0} jobs together</source>
        <translation>同时运行设计中的 {0} 个作业</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="329"/>
        <source>The previous run&apos;s figures: this run&apos;s replace them when it is done</source>
        <translation>上一次运行的结果：本次运行结束后将被替换</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="331"/>
        <source>Previous run:</source>
        <translation>上一次运行：</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="175"/>
        <source>Workload</source>
        <translation>负载</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="106"/>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="107"/>
        <source>Protocol</source>
        <translation>协议</translation>
    </message>
</context>
<context>
    <name>ScenariosPanel</name>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="41"/>
        <source>a scenario needs a name</source>
        <translation>场景需要名称</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="43"/>
        <source>scenario &apos;{name}&apos; needs at least one workload</source>
        <translation>场景“{name}”至少需要一个负载</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="66"/>
        <source>Named what-if runs saved with the design; the selected one receives failures scheduled on the canvas</source>
        <translation>随设计保存的命名假设分析运行；在画布上安排的故障会加入选中的场景</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="112"/>
        <source>Workload specs separated by &apos;;&apos;, e.g. allreduce:1GiB</source>
        <translation>负载描述，用“;”分隔，例如 allreduce:1GiB</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="116"/>
        <source>one per line, e.g. switch:spine-01@2ms:up=20ms</source>
        <translation>每行一个，例如 switch:spine-01@2ms:up=20ms</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="89"/>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="89"/>
        <source>A new scenario with the Run panel&apos;s workload</source>
        <translation>以运行面板的负载新建场景</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="91"/>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="91"/>
        <source>Keep the edits of the form (undoable); Run applies them too</source>
        <translation>保留表单中的修改（可撤销）；点击“运行”时也会应用这些修改</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="93"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="93"/>
        <source>Delete the selected scenario</source>
        <translation>删除选中的场景</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="94"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="94"/>
        <source>Simulate the selected scenario</source>
        <translation>仿真选中的场景</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="95"/>
        <source>Run all</source>
        <translation>全部运行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="95"/>
        <source>Simulate every scenario and compare them</source>
        <translation>仿真所有场景并进行对比</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="128"/>
        <location filename="../../designer/ui/scenarios_panel.py" line="203"/>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="128"/>
        <source>Completion</source>
        <translation>完成时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="128"/>
        <source>Throughput dip</source>
        <translation>吞吐量跌落</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="129"/>
        <source>Recovery</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="129"/>
        <source>Bytes stalled</source>
        <translation>受阻字节</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="133"/>
        <source>The last run of each scenario: worst throughput dip after a failure, the longest time until traffic moved again, bytes held up by failures</source>
        <translation>每个场景的最近一次运行：故障后最大的吞吐量跌落、流量恢复前的最长时间、因故障受阻的字节数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="119"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="120"/>
        <source>Workloads</source>
        <translation>负载</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="121"/>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="122"/>
        <source>Failures</source>
        <translation>故障</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="78"/>
        <source>Comparison of the runs</source>
        <translation>各次运行的对比</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="206"/>
        <source>New scenario &apos;{name}&apos;</source>
        <translation>新建场景“{name}”</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="230"/>
        <source>a scenario named &apos;{name}&apos; exists already</source>
        <translation>名为“{name}”的场景已存在</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="235"/>
        <source>Edit scenario &apos;{name}&apos;</source>
        <translation>编辑场景“{name}”</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="244"/>
        <source>Delete scenario &apos;{name}&apos;</source>
        <translation>删除场景“{name}”</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="278"/>
        <source> (stuck)</source>
        <translation>（卡住）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="279"/>
        <source>never</source>
        <translation>从不</translation>
    </message>
</context>
<context>
    <name>ScheduleFailureDialog</name>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="30"/>
        <source>Schedule failure of {element}</source>
        <translation>安排 {element} 故障</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="32"/>
        <source>Simulated time of the failure, e.g. 2ms, 500us, 0.01s</source>
        <translation>故障的仿真时间，例如 2ms、500us、0.01s</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="34"/>
        <source>stays down</source>
        <translation>保持中断</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="35"/>
        <source>Optional: when the element comes back (after the failure time)</source>
        <translation>可选：元件恢复的时间（晚于故障时间）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="37"/>
        <source>goes down</source>
        <translation>中断</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="38"/>
        <source>Optional: the link keeps running at this lower speed instead of going down (an optic falling back to fewer lanes)</source>
        <translation>可选：链路以此较低速率继续运行而不中断（光模块降为更少通道）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="44"/>
        <source>Fails at</source>
        <translation>故障时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="45"/>
        <source>Back up at</source>
        <translation>恢复时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="47"/>
        <source>Degraded speed (Gb/s)</source>
        <translation>降级速率 (Gb/s)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="64"/>
        <source>Give the time of the failure, e.g. 2ms</source>
        <translation>请给出故障时间，例如 2ms</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="66"/>
        <source>Use Fail now during a run; a schedule needs a time, e.g. 2ms</source>
        <translation>运行中请使用“立即故障”；安排故障需要时间，例如 2ms</translation>
    </message>
</context>
<context>
    <name>SegmentDialog</name>
    <message>
        <location filename="../../designer/ui/main_window.py" line="546"/>
        <source>New back-end segment</source>
        <translation>新建后端分区</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="549"/>
        <source>RoCEv2</source>
        <translation>RoCEv2</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="550"/>
        <source>InfiniBand</source>
        <translation>InfiniBand</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="552"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="553"/>
        <source>Protocol</source>
        <translation>协议</translation>
    </message>
</context>
<context>
    <name>SegmentHull</name>
    <message>
        <location filename="../../designer/ui/segment_hull.py" line="103"/>
        <source>Back-end segment &apos;{0}&apos; ({1}), {2} nodes</source>
        <translation>后端分区“{0}”（{1}），{2} 个节点</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="94"/>
        <source>Zoom on the canvas</source>
        <translation>缩放画布</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="95"/>
        <source>Mouse wheel</source>
        <translation>鼠标滚轮</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="96"/>
        <source>Pan the canvas</source>
        <translation>平移画布</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="97"/>
        <source>Space + drag, or middle button drag</source>
        <translation>空格 + 拖动，或按住中键拖动</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="98"/>
        <source>Nudge the selection</source>
        <translation>微移选中项</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="99"/>
        <source>Arrow keys (Alt: one pixel)</source>
        <translation>方向键（按住 Alt：每次一个像素）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="100"/>
        <source>Place without snapping to the grid</source>
        <translation>放置时不吸附网格</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="101"/>
        <source>Alt while dragging</source>
        <translation>拖动时按住 Alt</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="102"/>
        <source>Add a cable to the selection</source>
        <translation>将线缆加入选中项</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="103"/>
        <source>Ctrl + click</source>
        <translation>Ctrl + 点击</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="104"/>
        <source>Actions for what is under the pointer</source>
        <translation>指针所指对象的操作</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="105"/>
        <source>Right-click</source>
        <translation>右键点击</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="113"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="114"/>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <location filename="../../designer/ui/help_dialogs.py" line="124"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
</context>
<context>
    <name>SimWorker</name>
    <message>
        <location filename="../../designer/ui/sim_worker.py" line="105"/>
        <source>cannot start the simulation: {0}: {1}</source>
        <translation>无法启动仿真：{0}：{1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sim_worker.py" line="125"/>
        <source>the simulation process ended unexpectedly (exit code {0})</source>
        <translation>仿真进程意外结束（退出码 {0}）</translation>
    </message>
</context>
<context>
    <name>SweepController</name>
    <message>
        <location filename="../../designer/ui/sweep_controller.py" line="90"/>
        <source>Sweep</source>
        <translation>参数扫描</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_controller.py" line="93"/>
        <source>Design-space s&amp;weep…</source>
        <translation>设计空间扫描(&amp;W)…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_controller.py" line="94"/>
        <source>Vary protocol, oversubscription, scale or segment settings; simulate and cost every combination and chart the results</source>
        <translation>改变协议、收敛比、规模或分区设置；对每种组合进行仿真和成本核算，并绘制结果图表</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_controller.py" line="159"/>
        <source>Sweep of {0} points started</source>
        <translation>已开始 {0} 个点的扫描</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_controller.py" line="217"/>
        <source>, {0} could not be built or run (see the Problem column)</source>
        <translation>，{0} 个无法生成或运行（见“问题”列）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_controller.py" line="219"/>
        <source>Sweep finished: {0} points in {1} ({2} already there, {3} run){4}</source>
        <translation>扫描完成：{0} 个点，保存在 {1}（已有 {2} 个，新运行 {3} 个）{4}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_controller.py" line="232"/>
        <source>Sweep stopped: the finished points are in {0}; run the sweep again with the same file to continue</source>
        <translation>扫描已停止：已完成的点保存在 {0}；使用同一文件再次运行扫描即可继续</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_controller.py" line="240"/>
        <source>The sweep could not run: {0}</source>
        <translation>扫描无法运行：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_controller.py" line="252"/>
        <source>Open sweep results</source>
        <translation>打开扫描结果</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_controller.py" line="253"/>
        <source>Sweep results (*.csv *.parquet)</source>
        <translation>扫描结果 (*.csv *.parquet)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_controller.py" line="259"/>
        <source>Cannot open the sweep results: {0}</source>
        <translation>无法打开扫描结果：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_controller.py" line="269"/>
        <source>{0}: {1} points</source>
        <translation>{0}：{1} 个设计点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_controller.py" line="285"/>
        <source>Sweep point {0}: {1}</source>
        <translation>扫描设计点 {0}：{1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_controller.py" line="295"/>
        <source>Cannot build the point&apos;s design: {0}</source>
        <translation>无法构建该设计点的设计：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_controller.py" line="299"/>
        <source>Only the points of a sweep run in this window can be opened</source>
        <translation>只能打开在本窗口中运行的扫描的设计点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_controller.py" line="304"/>
        <source>Opened {0}</source>
        <translation>已打开 {0}</translation>
    </message>
</context>
<context>
    <name>SweepDialog</name>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="46"/>
        <source>Sweep results (*.csv *.parquet)</source>
        <translation>扫描结果 (*.csv *.parquet)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="94"/>
        <source>Design-space sweep</source>
        <translation>设计空间扫描</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="98"/>
        <source>Every combination of the values below is built, simulated and costed; points run in parallel on this machine. Finished points are kept in the results file, so a stopped sweep continues where it stopped.</source>
        <translation>下列取值的每种组合都会被生成、仿真并核算成本；各点在本机上并行运行。已完成的点保存在结果文件中，因此停止的扫描可以从中断处继续。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="122"/>
        <source>This design</source>
        <translation>当前设计</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="123"/>
        <source>Generated designs:</source>
        <translation>生成的设计：</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="137"/>
        <source>Parameter</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="137"/>
        <source>Values (comma-separated)</source>
        <translation>取值（以逗号分隔）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="143"/>
        <source>Booleans take on/off; protocols ib, rocev2; numbers as in the Inspector (thresholds in KB, speeds in Gb/s)</source>
        <translation>布尔值用 on/off；协议用 ib、rocev2；数值与属性面板相同（阈值单位 KB，速率单位 Gb/s）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="150"/>
        <source>Add parameter</source>
        <translation>添加参数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="151"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="165"/>
        <source>A workload spec as in the CLI, e.g. allreduce:1GiB or train:llama3-70b:dp=32:tp=8:pp=1; several separated by &apos;;&apos;</source>
        <translation>与命令行相同的负载描述，例如 allreduce:1GiB 或 train:llama3-70b:dp=32:tp=8:pp=1；多个时用“;”分隔</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="167"/>
        <source>Workload:</source>
        <translation>负载：</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="171"/>
        <source>Seed:</source>
        <translation>随机种子：</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="175"/>
        <source>Processes that run points at the same time (1: one after the other)</source>
        <translation>同时运行各点的进程数（1：逐个运行）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="176"/>
        <source>Parallel processes:</source>
        <translation>并行进程数：</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="178"/>
        <source>Optional: tcp://scheduler:8786 to run the points on a Dask cluster</source>
        <translation>可选：填写 tcp://scheduler:8786，在 Dask 集群上运行各设计点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="179"/>
        <source>An existing Dask distributed scheduler (dask-jobqueue, Kubernetes…); the results are the same as on this machine</source>
        <translation>已有的 Dask 分布式调度器（dask-jobqueue、Kubernetes…）；结果与在本机运行相同</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="182"/>
        <source>Dask cluster:</source>
        <translation>Dask 集群：</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="184"/>
        <source>Results file:</source>
        <translation>结果文件：</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="184"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="195"/>
        <source>Run sweep</source>
        <translation>运行扫描</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="259"/>
        <source>Sweep results file</source>
        <translation>扫描结果文件</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="269"/>
        <source>Add at least one parameter to vary.</source>
        <translation>请至少添加一个要变化的参数。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="274"/>
        <source>Give a workload, e.g. allreduce:1GiB.</source>
        <translation>请给出负载，例如 allreduce:1GiB。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="280"/>
        <source>{0} points is more than {1}: shorten a value list.</source>
        <translation>{0} 个点超过上限 {1}：请缩短取值列表。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="283"/>
        <source>Choose a results file.</source>
        <translation>请选择结果文件。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="286"/>
        <source>The results file must end in .csv or .parquet.</source>
        <translation>结果文件名必须以 .csv 或 .parquet 结尾。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="288"/>
        <source>The folder {0} does not exist.</source>
        <translation>文件夹 {0} 不存在。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="297"/>
        <source>The Dask scheduler address must look like tcp://host:8786 or host:8786.</source>
        <translation>Dask 调度器地址应形如 tcp://host:8786 或 host:8786。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="304"/>
        <source>{0} points</source>
        <translation>{0} 个点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_dialog.py" line="306"/>
        <source>{0} exists: the points it holds are kept and only the others run.</source>
        <translation>{0} 已存在：保留其中已有的点，只运行其余的点。</translation>
    </message>
</context>
<context>
    <name>SweepView</name>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="46"/>
        <source>Step time (s)</source>
        <translation>训练步时间 (s)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="47"/>
        <source>Completion time (s)</source>
        <translation>完成时间 (s)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="49"/>
        <source>Bus bandwidth (Gb/s)</source>
        <translation>总线带宽 (Gb/s)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="50"/>
        <source>Algorithm bandwidth (Gb/s)</source>
        <translation>算法带宽 (Gb/s)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="51"/>
        <source>Goodput (Gb/s)</source>
        <translation>有效吞吐 (Gb/s)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="53"/>
        <source>Latency p50 (µs)</source>
        <translation>时延 p50 (µs)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="54"/>
        <source>Latency p99 (µs)</source>
        <translation>时延 p99 (µs)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="55"/>
        <source>Latency p99.9 (µs)</source>
        <translation>时延 p99.9 (µs)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="48"/>
        <source>GPU utilization (%)</source>
        <translation>GPU 利用率 (%)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="52"/>
        <source>Throughput vs ideal fabric (%)</source>
        <translation>相对理想网络的吞吐量 (%)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="56"/>
        <source>Busiest link utilization (%)</source>
        <translation>最繁忙链路的利用率 (%)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="57"/>
        <source>PFC pause time (%)</source>
        <translation>PFC 暂停时间 (%)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="58"/>
        <source>ECN-marked bytes (%)</source>
        <translation>ECN 标记字节 (%)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="59"/>
        <source>Capital cost</source>
        <translation>资本支出</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="60"/>
        <source>Network capital cost</source>
        <translation>网络资本支出</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="61"/>
        <source>Total cost of ownership</source>
        <translation>总拥有成本 (TCO)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="62"/>
        <source>Capital cost per Gb/s of goodput</source>
        <translation>每 Gb/s 有效吞吐的资本支出</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="66"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="67"/>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="68"/>
        <source>Back-end protocol</source>
        <translation>后端协议</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="69"/>
        <source>Oversubscription</source>
        <translation>收敛比</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="70"/>
        <source>Link speed (Gb/s)</source>
        <translation>链路速率 (Gb/s)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="71"/>
        <source>GPUs per server</source>
        <translation>每台服务器 GPU 数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="72"/>
        <source>Front-end network</source>
        <translation>前端网络</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="73"/>
        <source>GPU server model</source>
        <translation>GPU 服务器型号</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="74"/>
        <source>Back-end switch model</source>
        <translation>后端交换机型号</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="75"/>
        <source>Back-end NIC model</source>
        <translation>后端网卡型号</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="76"/>
        <source>Planes</source>
        <translation>平面数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="77"/>
        <source>Job placement</source>
        <translation>作业放置方式</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="78"/>
        <source>GPUs per site</source>
        <translation>每个站点的 GPU 数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="79"/>
        <source>Distance between sites (km)</source>
        <translation>站点间距离（公里）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="80"/>
        <source>Long-haul link capacity (Gb/s)</source>
        <translation>长距离链路容量 (Gb/s)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="81"/>
        <source>Long-haul links</source>
        <translation>长距离链路数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="133"/>
        <source>No sweep yet: Simulate → Design-space sweep…</source>
        <translation>尚无扫描：仿真 → 设计空间扫描…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="137"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="138"/>
        <source>Stop after the points that are running; finished points stay in the results file and a new sweep with the same file continues</source>
        <translation>在正在运行的点完成后停止；已完成的点保留在结果文件中，用同一文件的新扫描会继续</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="158"/>
        <source>The figure on the vertical axis</source>
        <translation>纵轴上的指标</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="160"/>
        <source>The parameter on the horizontal axis; every combination of the others is one line</source>
        <translation>横轴上的参数；其余参数的每种组合各为一条曲线</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="142"/>
        <source>Open results…</source>
        <translation>打开结果…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="143"/>
        <source>Chart a sweep&apos;s results file (.csv or .parquet), e.g. one written by &apos;fabric-designer sweep&apos;</source>
        <translation>以图表显示扫描结果文件（.csv 或 .parquet），例如由“fabric-designer sweep”写出的文件</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="150"/>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="151"/>
        <source>against</source>
        <translation>随</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="172"/>
        <source>Right-click → Export… for PNG, SVG or CSV</source>
        <translation>右键 → 导出… 可存为 PNG、SVG 或 CSV</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="187"/>
        <source>Double-click a point to open its design</source>
        <translation>双击设计点即可打开其设计</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="208"/>
        <source>Sweep of {0} points into {1}: starting…</source>
        <translation>正在开始 {0} 个点的扫描，结果写入 {1}…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="214"/>
        <source>, {0} could not be built or run</source>
        <translation>，{0} 个无法生成或运行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="215"/>
        <source>Sweep into {0}: {1} of {2} points done{3}</source>
        <translation>扫描（写入 {0}）：已完成 {1}/{2} 个点{3}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="226"/>
        <source>Stopping after the running points…</source>
        <translation>正在等待运行中的点完成后停止…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/sweep_view.py" line="304"/>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
</context>
<context>
    <name>Theme</name>
    <message>
        <location filename="../../designer/ui/theme.py" line="23"/>
        <source>Ethernet front-end</source>
        <translation>以太网前端网络</translation>
    </message>
    <message>
        <location filename="../../designer/ui/theme.py" line="24"/>
        <source>back-end, no segment</source>
        <translation>后端网络（未分区）</translation>
    </message>
</context>
<context>
    <name>TimeBreakdownChart</name>
    <message>
        <location filename="../../designer/ui/time_breakdown.py" line="15"/>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location filename="../../designer/ui/time_breakdown.py" line="16"/>
        <source>transport</source>
        <translation>传输</translation>
    </message>
    <message>
        <location filename="../../designer/ui/time_breakdown.py" line="17"/>
        <source>congestion</source>
        <translation>拥塞</translation>
    </message>
    <message>
        <location filename="../../designer/ui/time_breakdown.py" line="35"/>
        <source>compute: GPU busy · transport: bytes at line rate on an ideal fabric · congestion: queueing, PFC pauses, credit waits, congestion-control limits and hash collisions</source>
        <translation>计算：GPU 忙碌 · 传输：理想网络上以线速传送字节 · 拥塞：排队、PFC 暂停、信用等待、拥塞控制限速和哈希冲突</translation>
    </message>
    <message>
        <location filename="../../designer/ui/time_breakdown.py" line="77"/>
        <source>{0}: compute {1:.3f} ms, transport {2:.3f} ms, congestion {3:.3f} ms</source>
        <translation>{0}：计算 {1:.3f} ms，传输 {2:.3f} ms，拥塞 {3:.3f} ms</translation>
    </message>
    <message>
        <location filename="../../designer/ui/time_breakdown.py" line="32"/>
        <source>Where the time went</source>
        <translation>时间花在了哪里</translation>
    </message>
    <message>
        <location filename="../../designer/ui/time_breakdown.py" line="46"/>
        <source>Where each workload&apos;s time went
appears here when a run is done</source>
        <translation>每个负载的时间构成
将在运行结束后显示在这里</translation>
    </message>
    <message>
        <location filename="../../designer/ui/time_breakdown.py" line="65"/>
        <source>time ({0})</source>
        <translation>时间（{0}）</translation>
    </message>
</context>
<context>
    <name>TwoSiteFields</name>
    <message>
        <location filename="../../designer/ui/two_site_fields.py" line="40"/>
        <source>Fibre distance between the sites; light takes 5 µs per km</source>
        <translation>站点之间的光纤距离；光每公里需 5 微秒</translation>
    </message>
    <message>
        <location filename="../../designer/ui/two_site_fields.py" line="54"/>
        <source>GPUs per site</source>
        <translation>每个站点的 GPU 数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/two_site_fields.py" line="55"/>
        <source>Distance</source>
        <translation>距离</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="134"/>
        <location filename="../../designer/ui/two_site_fields.py" line="56"/>
        <source>Long-haul link capacity</source>
        <translation>长距离链路容量</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="135"/>
        <location filename="../../designer/ui/two_site_fields.py" line="57"/>
        <source>Long-haul links</source>
        <translation>长距离链路数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/two_site_fields.py" line="58"/>
        <source>Site-edge equipment</source>
        <translation>站点边缘设备</translation>
    </message>
    <message>
        <location filename="../../designer/ui/two_site_fields.py" line="65"/>
        <source>Default for the protocol and capacity</source>
        <translation>按协议和容量取默认</translation>
    </message>
    <message>
        <location filename="../../designer/ui/two_site_fields.py" line="104"/>
        <source>GPUs: {0} ({1} sites), servers: {2}, switches: {3}</source>
        <translation>GPU：{0}（{1} 个站点），服务器：{2}，交换机：{3}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/two_site_fields.py" line="105"/>
        <source>Long-haul: {0} × {1:g} Gb/s over {2:g} km, {3:.3g} ms one way</source>
        <translation>长距离：{0} × {1:g} Gb/s，距离 {2:g} 公里，单程 {3:.3g} 毫秒</translation>
    </message>
    <message>
        <location filename="../../designer/ui/two_site_fields.py" line="107"/>
        <source>At each end: {0}; optics: {1}</source>
        <translation>两端设备：{0}；光模块：{1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/two_site_fields.py" line="108"/>
        <source>estimated capex ≈ {0:,.0f} USD</source>
        <translation>估算资本支出 ≈ {0:,.0f} USD</translation>
    </message>
</context>
<context>
    <name>WindowActions</name>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="144"/>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="145"/>
        <source>Start an empty design</source>
        <translation>新建空白设计</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="146"/>
        <source>New from &amp;template…</source>
        <translation>从模板新建(&amp;T)…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="147"/>
        <source>Generate a leaf-spine, fat-tree, rail-optimized, rail-only or multi-plane fabric</source>
        <translation>生成叶脊、胖树、轨道优化、仅轨道或多平面网络</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="150"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="151"/>
        <source>Open a design file</source>
        <translation>打开设计文件</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="152"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="152"/>
        <source>Save the design</source>
        <translation>保存设计</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="154"/>
        <source>Save &amp;as…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="155"/>
        <source>Export canvas as &amp;PNG…</source>
        <translation>将画布导出为 &amp;PNG…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="156"/>
        <source>Export canvas as S&amp;VG…</source>
        <translation>将画布导出为 S&amp;VG…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="157"/>
        <source>Export canvas &amp;image…</source>
        <translation>导出画布图像(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="158"/>
        <source>PNG at a chosen scale, or vector SVG / PDF, of the drawing or the view</source>
        <translation>按所选比例导出 PNG，或将整张图/当前视图导出为矢量 SVG / PDF</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="159"/>
        <source>Export &amp;hand-over files…</source>
        <translation>导出交付文件(&amp;H)…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="160"/>
        <source>Cabling plan, bill of materials (XLSX/CSV), GraphML, DOT, containerlab</source>
        <translation>布线表、物料清单（XLSX/CSV）、GraphML、DOT、containerlab</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="162"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="170"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="173"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="176"/>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="177"/>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="178"/>
        <source>D&amp;uplicate</source>
        <translation>创建副本(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="179"/>
        <source>Copy the selected nodes and the cables among them</source>
        <translation>复制选中的节点及其之间的线缆</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="180"/>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="181"/>
        <source>Delete the selection (nodes take their cables with them)</source>
        <translation>删除所选内容（节点连同其线缆一并删除）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="182"/>
        <source>Select &amp;all</source>
        <translation>全选(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="184"/>
        <source>&amp;History</source>
        <translation>历史(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="190"/>
        <source>&amp;Select / move</source>
        <translation>选择/移动(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="191"/>
        <source>Select, move and rubber-band</source>
        <translation>选择、移动和框选</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="193"/>
        <source>&amp;Link</source>
        <translation>连线(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="194"/>
        <source>Drag from one node to another to cable them</source>
        <translation>从一个节点拖到另一个节点以连接线缆</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="208"/>
        <source>New back-end &amp;segment…</source>
        <translation>新建后端分区(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="209"/>
        <source>Make the selected nodes an InfiniBand or RoCEv2 segment</source>
        <translation>将选中的节点设为 InfiniBand 或 RoCEv2 分区</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="211"/>
        <source>&amp;Connect selection, rail-aligned</source>
        <translation>连接选中项，按轨道对齐(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="212"/>
        <source>Cable the selected servers to the selected switches: NIC k of every server to switch k, as many cables as free ports allow (one undo step)</source>
        <translation>将选中的服务器连接到选中的交换机：每台服务器的第 k 块网卡连到第 k 台交换机，在空闲端口允许的范围内尽量多连（一步撤销）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="215"/>
        <source>Connect selection, &amp;round-robin</source>
        <translation>连接选中项，轮流分配(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="216"/>
        <source>Cable the selected servers to the selected switches, spread in turn, as many cables as free ports allow (one undo step)</source>
        <translation>将选中的服务器轮流连接到选中的交换机，在空闲端口允许的范围内尽量多连（一步撤销）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="221"/>
        <source>&amp;Quick start</source>
        <translation>快速入门(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="222"/>
        <source>Draw, check, simulate and hand over in five steps</source>
        <translation>五步完成绘制、检查、仿真与交付</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="223"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="224"/>
        <source>Every key of the window and the canvas gestures</source>
        <translation>窗口的所有按键与画布手势</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="225"/>
        <source>&amp;About Fabric Designer</source>
        <translation>关于 Fabric Designer(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="230"/>
        <source>P&amp;roperties</source>
        <translation>属性(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="231"/>
        <source>Show the selection in the Inspector</source>
        <translation>在属性面板中显示选中对象</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="232"/>
        <source>Zoom to &amp;fit</source>
        <translation>缩放至适合(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="232"/>
        <source>Show the whole design</source>
        <translation>显示整个设计</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="234"/>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="236"/>
        <source>Zoom &amp;out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="245"/>
        <source>Show cables of: {0}</source>
        <translation>显示线缆：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="248"/>
        <source>Light theme</source>
        <translation>浅色主题</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="248"/>
        <source>Dark theme</source>
        <translation>深色主题</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="265"/>
        <source>Write the PDF proposal of this design (cover, summary, drawing, cost, results)</source>
        <translation>生成此设计的 PDF 方案书（封面、摘要、拓扑图、成本、结果）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="280"/>
        <source>Distribute horizontally</source>
        <translation>水平等距分布</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="282"/>
        <source>Distribute vertically</source>
        <translation>垂直等距分布</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="292"/>
        <source>&amp;Fabric</source>
        <translation>网络(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="294"/>
        <source>&amp;Simulate</source>
        <translation>仿真(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="314"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="315"/>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="322"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="324"/>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="327"/>
        <source>&amp;Arrange</source>
        <translation>排列(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="334"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="342"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="343"/>
        <source>Help me &amp;choose…</source>
        <translation>帮我选择(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="344"/>
        <source>Compare IB, RoCEv2, rail-optimized, rail-only, multi-plane and hybrid designs for your scale, workload and budget, and open the one you choose</source>
        <translation>按您的规模、负载和预算对比 IB、RoCEv2、轨道优化、仅轨道、多平面和混合方案，并打开您选中的方案</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="351"/>
        <source>Main toolbar</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="356"/>
        <source> Show: </source>
        <translation> 显示：</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_actions.py" line="364"/>
        <source>Which cables to show</source>
        <translation>显示哪些线缆</translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <location filename="../../designer/ui/app.py" line="83"/>
        <source>Cannot open</source>
        <translation>无法打开</translation>
    </message>
</context>
<context>
    <name>autosave</name>
    <message>
        <location filename="../../designer/ui/autosave.py" line="64"/>
        <source>from &apos;{0}&apos;</source>
        <translation>来自“{0}”</translation>
    </message>
    <message>
        <location filename="../../designer/ui/autosave.py" line="65"/>
        <source>never saved</source>
        <translation>从未保存</translation>
    </message>
    <message>
        <location filename="../../designer/ui/autosave.py" line="66"/>
        <source>&apos;{0}&apos; ({1}): {2} nodes, {3} links, {4} segments, autosaved {5}</source>
        <translation>“{0}”（{1}）：{2} 个节点、{3} 条链路、{4} 个分区，自动保存于 {5}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/autosave.py" line="228"/>
        <source>{0} older recovery file(s) are kept for later.</source>
        <translation>另有 {0} 个较早的恢复文件已保留，可稍后处理。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/autosave.py" line="230"/>
        <source>Fabric Designer did not close normally last time. Unsaved work was found:

{0}

Restore it?{1}</source>
        <translation>Fabric Designer 上次未正常关闭。发现未保存的工作：

{0}

是否恢复？{1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/autosave.py" line="232"/>
        <source>Restore unsaved work?</source>
        <translation>恢复未保存的工作？</translation>
    </message>
    <message>
        <location filename="../../designer/ui/autosave.py" line="234"/>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location filename="../../designer/ui/autosave.py" line="235"/>
        <source>Discard</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <location filename="../../designer/ui/autosave.py" line="237"/>
        <source>Decide later</source>
        <translation>稍后决定</translation>
    </message>
    <message>
        <location filename="../../designer/ui/autosave.py" line="267"/>
        <source>Restore autosaved work</source>
        <translation>恢复自动保存的工作</translation>
    </message>
    <message>
        <location filename="../../designer/ui/autosave.py" line="268"/>
        <source>Restored {0}</source>
        <translation>已恢复 {0}</translation>
    </message>
</context>
<context>
    <name>commands</name>
    <message>
        <location filename="../../designer/ui/commands.py" line="91"/>
        <source>Delete {0} item</source>
        <translation>删除 {0} 项</translation>
    </message>
    <message>
        <location filename="../../designer/ui/commands.py" line="92"/>
        <source>Delete {0} items</source>
        <translation>删除 {0} 项</translation>
    </message>
    <message>
        <location filename="../../designer/ui/commands.py" line="129"/>
        <source>Move {0} node</source>
        <translation>移动 {0} 个节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/commands.py" line="130"/>
        <source>Move {0} nodes</source>
        <translation>移动 {0} 个节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/commands.py" line="167"/>
        <source>New {0} segment &apos;{1}&apos;</source>
        <translation>新建 {0} 分区“{1}”</translation>
    </message>
</context>
<context>
    <name>link_planner</name>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="59"/>
        <source>a cable needs two different nodes</source>
        <translation>一条线缆需要两个不同的节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="62"/>
        <source>&apos;{0}&apos; and &apos;{1}&apos; are end hosts: connect them through a switch</source>
        <translation>“{0}”和“{1}”都是终端主机：请通过交换机连接</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="64"/>
        <source>Draw a leaf switch from the palette and cable each of them to it.</source>
        <translation>从组件库放置一台叶交换机，再把它们分别连到该交换机。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="71"/>
        <source>&apos;{0}&apos; has no free port</source>
        <translation>“{0}”没有空闲端口</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="72"/>
        <source>Delete one of its cables, or use a model with more ports.</source>
        <translation>删除它的一条线缆，或改用端口更多的型号。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="162"/>
        <source>protocols cannot meet: &apos;{0}&apos; has {1} ports, &apos;{2}&apos; has {3} ports</source>
        <translation>协议不一致：“{0}”有 {1} 端口，“{2}”有 {3} 端口</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="165"/>
        <source>InfiniBand and Ethernet meet only through a gateway: cable both to one, or choose a switch of the other protocol.</source>
        <translation>InfiniBand 与以太网只能通过网关互通：将两者都连到网关，或改用另一种协议的交换机。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="169"/>
        <source>planes cannot meet: &apos;{0}&apos; free ports are on {1}, &apos;{2}&apos; on {3}</source>
        <translation>平面不一致：“{0}”的空闲端口在{1}，“{2}”的在{3}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="172"/>
        <source>Back-end NICs go to leaf switches, front-end NICs to front-end switches.</source>
        <translation>后端网卡连接叶交换机，前端网卡连接前端交换机。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="174"/>
        <source>no free ports of matching speed: &apos;{0}&apos; has {1}, &apos;{2}&apos; has {3}</source>
        <translation>没有速率匹配的空闲端口：“{0}”有 {1}，“{2}”有 {3}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="192"/>
        <source>Needs a {0}×{1:g}G breakout port: {2} can split each {3:g}G port in {0}. Place &apos;{4}&apos; from the palette instead.</source>
        <translation>需要 {0}×{1:g}G 的分支端口：{2} 可将每个 {3:g}G 端口拆分为 {0} 个。请改从组件库放置“{4}”。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="196"/>
        <source>{0} runs {1:g}G ports unsplit: place &apos;{2}&apos; from the palette instead.</source>
        <translation>{0} 的 {1:g}G 端口无需拆分：请改从组件库放置“{2}”。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="199"/>
        <source>{0} has no {1:g}G ports (it runs {2}): choose a switch with {1:g}G ports in the palette.</source>
        <translation>{0} 没有 {1:g}G 端口（它支持 {2}）：请在组件库中选择具有 {1:g}G 端口的交换机。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="202"/>
        <source>Both ends need free ports of one speed: pick models whose ports match.</source>
        <translation>两端需要速率相同的空闲端口：请选择端口速率匹配的型号。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="207"/>
        <source>Ethernet</source>
        <translation>以太网</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="216"/>
        <source>back-end</source>
        <translation>后端网络</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="217"/>
        <source>front-end</source>
        <translation>前端网络</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="218"/>
        <source>any plane</source>
        <translation>任意平面</translation>
    </message>
</context>
</TS>
