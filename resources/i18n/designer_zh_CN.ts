<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name></name>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="138"/>
        <source>default_title</source>
        <translation>AI 集群网络设计方案</translation>
    </message>
</context>
<context>
    <name>AdvisorWizard</name>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="213"/>
        <source>Help me choose</source>
        <translation>帮我选择</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="237"/>
        <source>Generating, simulating and costing the candidates…</source>
        <translation>正在生成、仿真并核算候选方案…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="262"/>
        <source>Candidate {0} of {1}: {2}</source>
        <translation>候选方案 {0}/{1}：{2}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="271"/>
        <source>Done: {0} candidates. Recommended: {1}. Press Next to compare them.</source>
        <translation>完成：{0} 个候选方案。推荐：{1}。点击“下一步”进行对比。</translation>
    </message>
</context>
<context>
    <name>Autosaver</name>
    <message>
        <location filename="../../designer/ui/autosave.py" line="158"/>
        <source>Autosave failed: {0}</source>
        <translation>自动保存失败：{0}</translation>
    </message>
</context>
<context>
    <name>BundleItem</name>
    <message>
        <location filename="../../designer/ui/bundles.py" line="102"/>
        <source>{0} cables · {1}</source>
        <translation>{0} 条线缆 · {1}</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="59"/>
        <source>Compare InfiniBand vs RoCEv2 — {0}</source>
        <translation>对比 InfiniBand 与 RoCEv2 — {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="86"/>
        <source>simulated time (ms)</source>
        <translation>仿真时间 (ms)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="119"/>
        <source>Done: {0} on &apos;{1}&apos;, seed {2}.</source>
        <translation>完成：在“{1}”上运行 {0}，随机种子 {2}。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="124"/>
        <source>Simulating with every back-end segment as {0}…</source>
        <translation>正在将所有后端分区设为 {0} 进行仿真…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/compare_dialog.py" line="198"/>
        <source>The better value of the two</source>
        <translation>两者中较优的值</translation>
    </message>
</context>
<context>
    <name>DesignSummary</name>
    <message>
        <location filename="../../designer/ui/design_summary.py" line="30"/>
        <source>GPUs {0}</source>
        <translation>GPU {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/design_summary.py" line="31"/>
        <source>switches {0}</source>
        <translation>交换机 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/design_summary.py" line="32"/>
        <source>links {0}</source>
        <translation>链路 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/design_summary.py" line="35"/>
        <source>oversubscription {0:.2f}:1</source>
        <translation>收敛比 {0:.2f}:1</translation>
    </message>
    <message>
        <location filename="../../designer/ui/design_summary.py" line="37"/>
        <source>capex ≈ {0:,.0f} {1}</source>
        <translation>资本支出 ≈ {0:,.0f} {1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/design_summary.py" line="42"/>
        <source>{0} errors, {1} warnings</source>
        <translation>{0} 个错误，{1} 个警告</translation>
    </message>
</context>
<context>
    <name>Editor</name>
    <message>
        <location filename="../../designer/ui/editor.py" line="103"/>
        <source>Place {0} ({1})</source>
        <translation>放置 {0}（{1}）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="104"/>
        <source>Placed {0}: {1}</source>
        <translation>已放置 {0}：{1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="113"/>
        <source>Cannot connect: {0}</source>
        <translation>无法连接：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="115"/>
        <source>Link {0} ↔ {1}</source>
        <translation>连接 {0} ↔ {1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="116"/>
        <source>Linked {0} ↔ {1} at {2:g} Gb/s ({3})</source>
        <translation>已连接 {0} ↔ {1}，{2:g} Gb/s（{3}）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="134"/>
        <source>Nothing selected to delete</source>
        <translation>没有选中要删除的内容</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="147"/>
        <source>unknown protocol &apos;{0}&apos; (ib or rocev2)</source>
        <translation>未知协议“{0}”（应为 ib 或 rocev2）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="150"/>
        <source>a segment needs a name</source>
        <translation>分区需要名称</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="154"/>
        <source>select the nodes of the new segment first</source>
        <translation>请先选择新分区的节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="183"/>
        <source>Select nodes to copy</source>
        <translation>请选择要复制的节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="187"/>
        <source>{0} nodes, {1} links from Fabric Designer</source>
        <translation>来自 Fabric Designer 的 {0} 个节点、{1} 条链路</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="191"/>
        <source>Copied {0} nodes and {1} links</source>
        <translation>已复制 {0} 个节点和 {1} 条链路</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="197"/>
        <source>The clipboard holds no fabric nodes</source>
        <translation>剪贴板中没有网络节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="202"/>
        <source>Cannot paste: {0}</source>
        <translation>无法粘贴：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="210"/>
        <source>Select nodes to duplicate</source>
        <translation>请选择要创建副本的节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="243"/>
        <source>{0} {1} nodes</source>
        <translation>{0} {1} 个节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="252"/>
        <source>Select two or more nodes to align</source>
        <translation>请选择两个或更多节点进行对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/editor.py" line="266"/>
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
        <location filename="../../designer/ui/error_dialog.py" line="73"/>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
</context>
<context>
    <name>ExportProposalDialog</name>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="134"/>
        <source>Export PDF proposal</source>
        <translation>导出 PDF 方案书</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="140"/>
        <source>Customer or project the proposal is for</source>
        <translation>方案书面向的客户或项目</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="142"/>
        <source>Your name and company</source>
        <translation>您的姓名和公司</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="144"/>
        <source>Optional: PNG or JPEG shown on the cover</source>
        <translation>可选：封面上显示的 PNG 或 JPEG 图像</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="145"/>
        <location filename="../../designer/ui/export_dialog.py" line="175"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="152"/>
        <source>{0} (the design&apos;s currency)</source>
        <translation>{0}（设计所用币种）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="166"/>
        <source>The Chinese text table of the proposal is not written yet</source>
        <translation>方案书的中文文本表尚未完成</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="168"/>
        <source>the results saved with the design</source>
        <translation>随设计保存的结果</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="169"/>
        <source>the default {0}</source>
        <translation>默认负载 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="170"/>
        <source>e.g. allreduce:1GiB train:70b (empty: {0})</source>
        <translation>例如 allreduce:1GiB train:70b（留空：{0}）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="171"/>
        <source>Workload specs, as for &apos;fabric-designer report --workload&apos;; each is simulated with InfiniBand and with RoCEv2</source>
        <translation>负载描述，与“fabric-designer report --workload”相同；每个负载分别用 InfiniBand 和 RoCEv2 仿真</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="182"/>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="183"/>
        <source>Customer</source>
        <translation>客户</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="184"/>
        <source>Author</source>
        <translation>作者</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="185"/>
        <source>Logo</source>
        <translation>徽标</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="186"/>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="187"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="188"/>
        <source>Workloads</source>
        <translation>负载</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="189"/>
        <source>Save as</source>
        <translation>另存为</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="191"/>
        <source>Sections</source>
        <translation>章节</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="212"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="213"/>
        <source>Open PDF</source>
        <translation>打开 PDF</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="260"/>
        <source>Cover logo</source>
        <translation>封面徽标</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="261"/>
        <source>Images (*.png *.jpg *.jpeg *.gif *.bmp);;All files (*)</source>
        <translation>图像 (*.png *.jpg *.jpeg *.gif *.bmp);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="267"/>
        <source>Save the proposal as</source>
        <translation>方案书另存为</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="267"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="302"/>
        <source>Building the proposal ({0}drawing, laying out pages)…</source>
        <translation>正在生成方案书（{0}绘图、排版）…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="319"/>
        <source>Proposal written to {0}</source>
        <translation>方案书已写入 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/export_dialog.py" line="337"/>
        <source>Please wait: the proposal is still being built.</source>
        <translation>请稍候：方案书仍在生成中。</translation>
    </message>
</context>
<context>
    <name>FailureController</name>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="37"/>
        <source>Scenarios</source>
        <translation>场景</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="81"/>
        <source>cable {id}</source>
        <translation>线缆 {id}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="81"/>
        <source>switch {id}</source>
        <translation>交换机 {id}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="83"/>
        <source>Fail now</source>
        <translation>立即故障</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="85"/>
        <source>Fail it in the running simulation at its current time</source>
        <translation>在正在运行的仿真中于当前时刻使其故障</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="86"/>
        <source>Start a run first</source>
        <translation>请先开始运行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="87"/>
        <source>Schedule failure…</source>
        <translation>安排故障…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="101"/>
        <source>Fail now works during a run: start one first</source>
        <translation>“立即故障”只能在运行中使用：请先开始一次运行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="103"/>
        <source>{kind} {id} failed in the running simulation</source>
        <translation>{kind} {id} 在运行中的仿真里发生故障</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="104"/>
        <source>Cable</source>
        <translation>线缆</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="104"/>
        <source>Switch</source>
        <translation>交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="119"/>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="127"/>
        <source>Schedule {spec} in &apos;{name}&apos;</source>
        <translation>在“{name}”中安排 {spec}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="179"/>
        <source>Running &apos;{name}&apos;…</source>
        <translation>正在运行“{name}”…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="218"/>
        <source>{spec}: throughput fell {dip} at {t} ms</source>
        <translation>{spec}：吞吐量在 {t} ms 时下降 {dip}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="221"/>
        <source>, {n} flows ({bytes}) stalled</source>
        <translation>，{n} 条流（{bytes}）停滞</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="224"/>
        <source>, rerouted after {d} ms</source>
        <translation>，{d} ms 后完成重路由</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="225"/>
        <source>, never recovered</source>
        <translation>，未能恢复</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="228"/>
        <source>some transfers lost their only path and never completed</source>
        <translation>部分传输失去了唯一路径，未能完成</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_controller.py" line="229"/>
        <source>&apos;{name}&apos; done</source>
        <translation>“{name}”已完成</translation>
    </message>
</context>
<context>
    <name>FieldSpec</name>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="61"/>
        <location filename="../../designer/ui/field_specs.py" line="90"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="63"/>
        <source>Shown under the icon; any language</source>
        <translation>显示在图标下方；可用任何语言</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="66"/>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="70"/>
        <source>Which pod the node belongs to</source>
        <translation>节点所属的 Pod</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="75"/>
        <source>Cable</source>
        <translation>线缆</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="78"/>
        <source>DAC (copper, short), AOC or optics</source>
        <translation>DAC（铜缆，短距）、AOC 或光模块</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="81"/>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="86"/>
        <source>Cable length; reach limits are checked</source>
        <translation>线缆长度；会检查传输距离上限</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="92"/>
        <source>Protocol</source>
        <translation>协议</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="95"/>
        <source>InfiniBand or RoCEv2 on this back-end segment</source>
        <translation>此后端分区使用 InfiniBand 或 RoCEv2</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="100"/>
        <source>Routing engine</source>
        <translation>路由引擎</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="103"/>
        <source>Subnet Manager routing: min-hop, up/down or fat-tree</source>
        <translation>子网管理器路由：min-hop、up/down 或 fat-tree</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="106"/>
        <source>Adaptive routing</source>
        <translation>自适应路由</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="108"/>
        <source>Per-packet choice of the least loaded port</source>
        <translation>逐包选择负载最轻的端口</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="110"/>
        <source>Virtual lanes</source>
        <translation>虚通道 (VL)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="112"/>
        <source>Credit buffer</source>
        <translation>信用缓冲区</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="117"/>
        <source>Receive buffer per port per VL</source>
        <translation>每端口每 VL 的接收缓冲区</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="119"/>
        <location filename="../../designer/ui/field_specs.py" line="209"/>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="121"/>
        <source>Self-healing (SHIELD)</source>
        <translation>自愈 (SHIELD)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="123"/>
        <source>Switches reroute around a failed port locally</source>
        <translation>交换机在本地绕开故障端口重路由</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="126"/>
        <source>SM reroute time</source>
        <translation>SM 重路由时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="131"/>
        <source>Subnet Manager sweep and table upload after a failure</source>
        <translation>故障后子网管理器的扫描与路由表下发</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="134"/>
        <source>Self-healing time</source>
        <translation>自愈时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="139"/>
        <source>Local reroute time when self-healing is on</source>
        <translation>启用自愈时的本地重路由时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="144"/>
        <source>PFC</source>
        <translation>优先级流量控制 (PFC)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="146"/>
        <source>Priority flow control: pause upstream over Xoff</source>
        <translation>优先级流量控制：超过 Xoff 时暂停上游</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="148"/>
        <source>PFC Xoff</source>
        <translation>PFC Xoff</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="149"/>
        <source>PFC Xon</source>
        <translation>PFC Xon</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="151"/>
        <source>PFC headroom</source>
        <translation>PFC 预留缓存 (headroom)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="156"/>
        <source>Buffer for bytes in flight after PAUSE</source>
        <translation>PAUSE 之后在途字节的缓冲</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="159"/>
        <source>ECN</source>
        <translation>显式拥塞通知 (ECN)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="161"/>
        <source>RED marking of the lossless class</source>
        <translation>无损队列的 RED 标记</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="163"/>
        <source>ECN Kmin</source>
        <translation>ECN Kmin</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="164"/>
        <source>ECN Kmax</source>
        <translation>ECN Kmax</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="166"/>
        <source>ECN Pmax</source>
        <translation>ECN Pmax</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="171"/>
        <source>Marking probability at Kmax</source>
        <translation>Kmax 处的标记概率</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="174"/>
        <source>DCQCN</source>
        <translation>DCQCN</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="176"/>
        <source>Sender rate control driven by CNPs</source>
        <translation>由 CNP 驱动的发送端速率控制</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="179"/>
        <source>DCQCN g</source>
        <translation>DCQCN g</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="184"/>
        <source>Alpha EWMA gain</source>
        <translation>Alpha EWMA 增益</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="186"/>
        <source>Additive increase</source>
        <translation>加性增速</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="187"/>
        <source>Hyper increase</source>
        <translation>超级增速</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="188"/>
        <source>Rate timer</source>
        <translation>速率定时器</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="189"/>
        <source>Byte counter</source>
        <translation>字节计数器</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="190"/>
        <source>Fast recovery steps</source>
        <translation>快速恢复步数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="191"/>
        <source>Min decrease factor</source>
        <translation>最小降速因子</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="192"/>
        <source>CNP interval</source>
        <translation>CNP 间隔</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="193"/>
        <source>Rate-reduce period</source>
        <translation>降速周期</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="194"/>
        <source>Min rate</source>
        <translation>最低速率</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="196"/>
        <source>Queue pairs</source>
        <translation>队列对 (QP)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="201"/>
        <source>Per connection; more QPs spread ECMP better</source>
        <translation>按连接计；QP 越多，ECMP 分布越均匀</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="204"/>
        <source>Load balancing</source>
        <translation>负载均衡</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="207"/>
        <source>ECMP hashing or packet spraying</source>
        <translation>等价多路径 (ECMP) 哈希或逐包喷洒</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="211"/>
        <source>Reconvergence time</source>
        <translation>路由收敛时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/field_specs.py" line="216"/>
        <source>Routing reconvergence after a failure; ECMP then uses the remaining paths</source>
        <translation>故障后的路由收敛；之后 ECMP 使用其余路径</translation>
    </message>
</context>
<context>
    <name>GeneratorDialog</name>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="32"/>
        <source>New from template</source>
        <translation>从模板新建</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="50"/>
        <source>Ethernet front-end plane</source>
        <translation>以太网前端网络</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="56"/>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="57"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="58"/>
        <source>GPUs per server</source>
        <translation>每台服务器 GPU 数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="59"/>
        <source>Back-end protocol</source>
        <translation>后端协议</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="60"/>
        <source>Oversubscription</source>
        <translation>收敛比</translation>
    </message>
    <message>
        <location filename="../../designer/ui/generator_dialog.py" line="61"/>
        <source>Link speed (Gb/s)</source>
        <translation>链路速率 (Gb/s)</translation>
    </message>
</context>
<context>
    <name>HandoverDialog</name>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="44"/>
        <location filename="../../designer/ui/handover_dialog.py" line="78"/>
        <source>Export hand-over files</source>
        <translation>导出交付文件</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="46"/>
        <source>Cabling plan (one row per cable, with its label)</source>
        <translation>布线表（每条线缆一行，含标签）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="47"/>
        <source>Bill of materials</source>
        <translation>物料清单</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="49"/>
        <source>Excel workbook (.xlsx)</source>
        <translation>Excel 工作簿 (.xlsx)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="50"/>
        <source>CSV (.csv)</source>
        <translation>CSV (.csv)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="51"/>
        <source>GraphML (reopens in Fabric Designer and other graph tools)</source>
        <translation>GraphML（可在 Fabric Designer 及其他图工具中重新打开）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="52"/>
        <source>Graphviz DOT</source>
        <translation>Graphviz DOT</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="53"/>
        <source>containerlab topology of the Ethernet parts</source>
        <translation>以太网部分的 containerlab 拓扑</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="59"/>
        <source>Tables as</source>
        <translation>表格格式</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="64"/>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="66"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="66"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="84"/>
        <source>Choose at least one file to write.</source>
        <translation>请至少选择一个要导出的文件。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="86"/>
        <source>The folder {0} does not exist.</source>
        <translation>文件夹 {0} 不存在。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/handover_dialog.py" line="132"/>
        <source>Wrote {0} file(s) to {1}</source>
        <translation>已将 {0} 个文件写入 {1}</translation>
    </message>
</context>
<context>
    <name>ImageExportDialog</name>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="32"/>
        <location filename="../../designer/ui/image_export_dialog.py" line="77"/>
        <source>Export canvas image</source>
        <translation>导出画布图像</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="35"/>
        <source>PNG image (pixels)</source>
        <translation>PNG 图像（像素）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="35"/>
        <source>SVG (vector)</source>
        <translation>SVG（矢量）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="36"/>
        <source>PDF (vector)</source>
        <translation>PDF（矢量）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="38"/>
        <source>SVG and PDF stay sharp at any zoom; PNG is a picture at the chosen scale</source>
        <translation>SVG 和 PDF 在任意缩放下都保持清晰；PNG 是按所选比例生成的位图</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="39"/>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="41"/>
        <source>The whole drawing</source>
        <translation>整张图</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="42"/>
        <source>The current view</source>
        <translation>当前视图</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="43"/>
        <source>What</source>
        <translation>范围</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="48"/>
        <source> px per unit</source>
        <translation> 像素/单位</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="49"/>
        <source>2 gives sharp images on high-DPI screens and in slides</source>
        <translation>取 2 可在高分屏和幻灯片中得到清晰图像</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="50"/>
        <source>PNG scale</source>
        <translation>PNG 比例</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="52"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="52"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="87"/>
        <source>Choose a file to write.</source>
        <translation>请选择要写入的文件。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="89"/>
        <source>The file name must end in .{0}</source>
        <translation>文件名必须以 .{0} 结尾</translation>
    </message>
    <message>
        <location filename="../../designer/ui/image_export_dialog.py" line="91"/>
        <source>The folder {0} does not exist.</source>
        <translation>文件夹 {0} 不存在。</translation>
    </message>
</context>
<context>
    <name>Inspector</name>
    <message>
        <location filename="../../designer/ui/inspector.py" line="75"/>
        <source>{0} nodes, {1} links, {2} segments selected</source>
        <translation>已选中 {0} 个节点、{1} 条链路、{2} 个分区</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="76"/>
        <source>Select a single item to edit it. Align, distribute, copy and delete work on all.</source>
        <translation>选择单个对象进行编辑。对齐、分布、复制和删除对所有选中对象生效。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="86"/>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="87"/>
        <source>Links</source>
        <translation>链路</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="88"/>
        <source>Segments</source>
        <translation>分区</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="90"/>
        <source>Select a node, a cable or a segment&apos;s name tag to edit it.</source>
        <translation>选择节点、线缆或分区名称标签进行编辑。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="124"/>
        <source>Rename {0}</source>
        <translation>重命名 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="125"/>
        <source>Model</source>
        <translation>型号</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="127"/>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="129"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="131"/>
        <source>Pod of {0}</source>
        <translation>{0} 的 Pod</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="136"/>
        <source>Ports {0}*</source>
        <translation>端口 {0}*</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="139"/>
        <source>Segment</source>
        <translation>分区</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="143"/>
        <source>Link {0}</source>
        <translation>链路 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="144"/>
        <source>Ends</source>
        <translation>两端</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="145"/>
        <source>Speed</source>
        <translation>速率</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="145"/>
        <source>{0:g} Gb/s</source>
        <translation>{0:g} Gb/s</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="146"/>
        <source>Plane</source>
        <translation>平面</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="150"/>
        <source>{0} of {1}</source>
        <translation>{1} 的{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="154"/>
        <source>Back-end segment {0}</source>
        <translation>后端分区 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="157"/>
        <source>Rename segment {0}</source>
        <translation>重命名分区 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="160"/>
        <source>Members</source>
        <translation>成员</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="160"/>
        <source>{0} nodes</source>
        <translation>{0} 个节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/inspector.py" line="164"/>
        <source>{0} settings</source>
        <translation>{0} 设置</translation>
    </message>
</context>
<context>
    <name>LivePlots</name>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="32"/>
        <location filename="../../designer/ui/live_plots.py" line="45"/>
        <source>goodput</source>
        <translation>有效吞吐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="33"/>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="34"/>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="35"/>
        <source>p99.9</source>
        <translation>p99.9</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="36"/>
        <source>mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="37"/>
        <source>max</source>
        <translation>最大</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="38"/>
        <source>deepest queue</source>
        <translation>最深队列</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="39"/>
        <source>PFC paused</source>
        <translation>PFC 暂停</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="40"/>
        <source>ECN marked</source>
        <translation>ECN 标记</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="41"/>
        <source>credit stall</source>
        <translation>信用等待</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="42"/>
        <location filename="../../designer/ui/live_plots.py" line="49"/>
        <location filename="../../designer/ui/live_plots.py" line="54"/>
        <source>utilization</source>
        <translation>利用率</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="45"/>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="46"/>
        <source>One-way latency (running percentiles)</source>
        <translation>单向时延（累计分位数）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="47"/>
        <source>latency</source>
        <translation>时延</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="48"/>
        <source>Back-end link utilization</source>
        <translation>后端链路利用率</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="50"/>
        <source>Queue depth</source>
        <translation>队列深度</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="50"/>
        <source>queue</source>
        <translation>队列</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="51"/>
        <source>PFC pauses, ECN marks, credit stalls</source>
        <translation>PFC 暂停、ECN 标记、信用等待</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="52"/>
        <source>share</source>
        <translation>占比</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="53"/>
        <source>Selected cable or node</source>
        <translation>选中的线缆或节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="85"/>
        <source>simulated time (ms)</source>
        <translation>仿真时间 (ms)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="88"/>
        <source>Hover for values; right-click → Export… for PNG, SVG or CSV</source>
        <translation>悬停查看数值；右键 → 导出… 可存为 PNG、SVG 或 CSV</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="108"/>
        <source>The five busiest cables in the latest interval</source>
        <translation>最近时段内最繁忙的五条线缆</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="194"/>
        <source>✕ {what}</source>
        <translation>✕ {what}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="195"/>
        <source>▲ back: {what}</source>
        <translation>▲ 恢复：{what}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="196"/>
        <source>rerouted: {what}</source>
        <translation>已重路由：{what}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/live_plots.py" line="245"/>
        <source>Selected: {0}</source>
        <translation>选中：{0}</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../designer/ui/main_window.py" line="86"/>
        <source>Palette</source>
        <translation>组件库</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="89"/>
        <source>Overview</source>
        <translation>全局视图</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="91"/>
        <source>Inspector</source>
        <translation>属性</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="94"/>
        <source>Opened design</source>
        <translation>已打开设计</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="96"/>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="98"/>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="127"/>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="127"/>
        <source>Start an empty design</source>
        <translation>新建空白设计</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="129"/>
        <source>New from &amp;template…</source>
        <translation>从模板新建(&amp;T)…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="130"/>
        <source>Generate a leaf-spine, fat-tree or rail-optimized fabric</source>
        <translation>生成叶脊、胖树或轨道优化网络</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="133"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="133"/>
        <source>Open a design file</source>
        <translation>打开设计文件</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="135"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="135"/>
        <source>Save the design</source>
        <translation>保存设计</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="137"/>
        <source>Save &amp;as…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="138"/>
        <source>Export canvas as &amp;PNG…</source>
        <translation>将画布导出为 &amp;PNG…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="139"/>
        <source>Export canvas as S&amp;VG…</source>
        <translation>将画布导出为 S&amp;VG…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="140"/>
        <source>Export canvas &amp;image…</source>
        <translation>导出画布图像(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="141"/>
        <source>PNG at a chosen scale, or vector SVG / PDF, of the drawing or the view</source>
        <translation>按所选比例导出 PNG，或将整张图/当前视图导出为矢量 SVG / PDF</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="142"/>
        <source>Export &amp;hand-over files…</source>
        <translation>导出交付文件(&amp;H)…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="143"/>
        <source>Cabling plan, bill of materials (XLSX/CSV), GraphML, DOT, containerlab</source>
        <translation>布线表、物料清单（XLSX/CSV）、GraphML、DOT、containerlab</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="145"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="146"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="149"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="153"/>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="154"/>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="155"/>
        <source>D&amp;uplicate</source>
        <translation>创建副本(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="156"/>
        <source>Copy the selected nodes and the cables among them</source>
        <translation>复制选中的节点及其之间的线缆</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="157"/>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="158"/>
        <source>Delete the selection (nodes take their cables with them)</source>
        <translation>删除所选内容（节点连同其线缆一并删除）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="159"/>
        <source>Select &amp;all</source>
        <translation>全选(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="161"/>
        <source>&amp;History</source>
        <translation>历史(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="164"/>
        <source>&amp;Select / move</source>
        <translation>选择/移动(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="165"/>
        <source>Select, move and rubber-band</source>
        <translation>选择、移动和框选</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="166"/>
        <source>&amp;Link</source>
        <translation>连线(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="167"/>
        <source>Drag from one node to another to cable them</source>
        <translation>从一个节点拖到另一个节点以连接线缆</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="172"/>
        <source>New back-end &amp;segment…</source>
        <translation>新建后端分区(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="173"/>
        <source>Make the selected nodes an InfiniBand or RoCEv2 segment</source>
        <translation>将选中的节点设为 InfiniBand 或 RoCEv2 分区</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="174"/>
        <source>Zoom to &amp;fit</source>
        <translation>缩放至适合(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="174"/>
        <source>Show the whole design</source>
        <translation>显示整个设计</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="177"/>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="179"/>
        <source>Zoom &amp;out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="187"/>
        <source>Show cables of: {0}</source>
        <translation>显示线缆：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="193"/>
        <source>{0} theme</source>
        <translation>{0}主题</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="197"/>
        <source>&amp;Run simulation</source>
        <translation>运行仿真(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="198"/>
        <source>&amp;Compare IB vs RoCEv2</source>
        <translation>对比 IB 与 RoCEv2(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="199"/>
        <source>Export &amp;PDF proposal…</source>
        <translation>导出 PDF 方案书(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="206"/>
        <source>Write the PDF proposal of this design (cover, summary, drawing, cost, results)</source>
        <translation>生成此设计的 PDF 方案书（封面、摘要、拓扑图、成本、结果）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="210"/>
        <source>Align left</source>
        <translation>左对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="211"/>
        <source>Align centres horizontally</source>
        <translation>水平居中对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="212"/>
        <source>Align right</source>
        <translation>右对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="213"/>
        <source>Align top</source>
        <translation>顶端对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="214"/>
        <source>Align middles vertically</source>
        <translation>垂直居中对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="215"/>
        <source>Align bottom</source>
        <translation>底端对齐</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="218"/>
        <source>Distribute horizontally</source>
        <translation>水平等距分布</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="220"/>
        <source>Distribute vertically</source>
        <translation>垂直等距分布</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="232"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="235"/>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="245"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="249"/>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="250"/>
        <source>&amp;Arrange</source>
        <translation>排列(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="256"/>
        <source>&amp;Fabric</source>
        <translation>网络(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="258"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="265"/>
        <source>&amp;Simulate</source>
        <translation>仿真(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="268"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="269"/>
        <source>Help me &amp;choose…</source>
        <translation>帮我选择(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="270"/>
        <source>Compare IB, RoCEv2, rail-optimized and hybrid designs for your scale, workload and budget, and open the one you choose</source>
        <translation>按您的规模、负载和预算对比 IB、RoCEv2、轨道优化和混合方案，并打开您选中的方案</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="280"/>
        <source>Both planes</source>
        <translation>前后端网络</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="280"/>
        <source>Back-end only</source>
        <translation>仅后端网络</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="280"/>
        <source>Front-end only</source>
        <translation>仅前端网络</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="281"/>
        <source>Which cables to show</source>
        <translation>显示哪些线缆</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="285"/>
        <source> Show: </source>
        <translation> 显示：</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="301"/>
        <source>Cable colours: back-end segments by protocol; the front-end dashed</source>
        <translation>线缆颜色：后端分区按协议着色；前端为虚线</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="331"/>
        <source>{0} — {1}[*] — Fabric Designer</source>
        <translation>{0} — {1}[*] — Fabric Designer</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="339"/>
        <source>Problems ({0})</source>
        <translation>问题（{0}）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="340"/>
        <source>Problems ({0} errors, {1} in all)</source>
        <translation>问题（{0} 个错误，共 {1} 个）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="379"/>
        <source>Select the nodes of the new segment first</source>
        <translation>请先选择新分区的节点</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="397"/>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="397"/>
        <source>Save the changes to &apos;{0}&apos;?</source>
        <translation>保存对“{0}”的修改？</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="424"/>
        <source>Opened the advisor&apos;s candidate: {0}</source>
        <translation>已打开选型助手的候选方案：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="431"/>
        <source>The topology generators are not installed</source>
        <translation>未安装拓扑生成器</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="438"/>
        <source>Cannot generate</source>
        <translation>无法生成</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="446"/>
        <source>Open design</source>
        <translation>打开设计</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="457"/>
        <source>Cannot open</source>
        <translation>无法打开</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="462"/>
        <source>Opened {0}</source>
        <translation>已打开 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="471"/>
        <source>Save design</source>
        <translation>保存设计</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="478"/>
        <source>Cannot save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="484"/>
        <source>Saved {0}</source>
        <translation>已保存 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_exports.py" line="27"/>
        <source>Proposal written to {0}</source>
        <translation>方案书已写入 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_exports.py" line="33"/>
        <source>Export canvas as {0}</source>
        <translation>将画布导出为 {0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_exports.py" line="43"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <location filename="../../designer/ui/window_exports.py" line="45"/>
        <location filename="../../designer/ui/window_exports.py" line="55"/>
        <source>Exported {0}</source>
        <translation>已导出 {0}</translation>
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
        <location filename="../../designer/ui/palette.py" line="20"/>
        <source>GPU servers</source>
        <translation>GPU 服务器</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="23"/>
        <source>Leaf switches</source>
        <translation>叶交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="24"/>
        <source>Spine switches</source>
        <translation>脊交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="25"/>
        <source>Core switches</source>
        <translation>核心交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="26"/>
        <source>Front-end switches</source>
        <translation>前端交换机</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="37"/>
        <source>Gateways</source>
        <translation>网关</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="40"/>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <location filename="../../designer/ui/palette.py" line="77"/>
        <source>Search models…</source>
        <translation>搜索型号…</translation>
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
    <name>RequirementsPage</name>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="73"/>
        <source>Your cluster</source>
        <translation>您的集群</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="74"/>
        <source>The advisor generates InfiniBand, RoCEv2, rail-optimized and hybrid designs at 1:1 and 2:1, simulates and costs each, and ranks them for your priorities.</source>
        <translation>选型助手会生成收敛比 1:1 和 2:1 的 InfiniBand、RoCEv2、轨道优化和混合方案，逐一仿真并核算成本，再按您的优先级排序。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="83"/>
        <source>e.g. allreduce:1GiB, train:70b:dp=32, alltoall:4MiB (several: separate by ;)</source>
        <translation>例如 allreduce:1GiB、train:70b:dp=32、alltoall:4MiB（多个时用 ; 分隔）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="89"/>
        <source>no budget</source>
        <translation>无预算</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="93"/>
        <source>We already run Ethernet at scale</source>
        <translation>我们已大规模运行以太网</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="94"/>
        <source>Tail latency matters more than cost</source>
        <translation>尾延迟比成本更重要</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="98"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="99"/>
        <source>Workload</source>
        <translation>负载</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="100"/>
        <source>Budget (capex)</source>
        <translation>预算（资本支出）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="101"/>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
</context>
<context>
    <name>ResultsPage</name>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="159"/>
        <source>Ranked candidates</source>
        <translation>候选方案排名</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="196"/>
        <source>Select a candidate and press Finish to open it (the first is recommended).</source>
        <translation>选择一个候选方案并点击“完成”打开（第一个为推荐方案）。</translation>
    </message>
</context>
<context>
    <name>RunController</name>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="38"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="40"/>
        <source>Live plots</source>
        <translation>实时曲线</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="116"/>
        <source>Running {0} (seed {1}, {2})…</source>
        <translation>正在运行 {0}（随机种子 {1}，{2}）…</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="134"/>
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="155"/>
        <source>simulated {0:.3f} ms · {1:.0%}</source>
        <translation>已仿真 {0:.3f} ms · {1:.0%}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="165"/>
        <source>simulated {0:.3f} ms in {1:.2f} s</source>
        <translation>用 {1:.2f} 秒仿真了 {0:.3f} ms</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="166"/>
        <source>Done: {0}</source>
        <translation>完成：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="235"/>
        <source>Utilization in the last run: {0}</source>
        <translation>上次运行中的利用率：{0}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_controller.py" line="236"/>
        <source>simulated time (ms)</source>
        <translation>仿真时间 (ms)</translation>
    </message>
</context>
<context>
    <name>RunPage</name>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="134"/>
        <source>Building the candidates</source>
        <translation>正在生成候选方案</translation>
    </message>
    <message>
        <location filename="../../designer/ui/advisor_wizard.py" line="136"/>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
</context>
<context>
    <name>RunPanel</name>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="55"/>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="55"/>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="56"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="57"/>
        <source>Algorithm</source>
        <translation>算法</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="67"/>
        <source>Training step</source>
        <translation>训练步</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="67"/>
        <location filename="../../designer/ui/run_panel.py" line="76"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="68"/>
        <source>Data parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="69"/>
        <source>Tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="70"/>
        <source>Pipeline parallel</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="76"/>
        <source>Inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="76"/>
        <source>Requests / s</source>
        <translation>请求数 / 秒</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="82"/>
        <source>Incast</source>
        <translation>多打一 (Incast)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="82"/>
        <source>Senders</source>
        <translation>发送端数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="83"/>
        <location filename="../../designer/ui/run_panel.py" line="89"/>
        <source>Size each</source>
        <translation>每路大小</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="89"/>
        <source>Permutation</source>
        <translation>置换流量</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="90"/>
        <source>Queue pairs / flow</source>
        <translation>每条流的队列对</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="96"/>
        <source>▶ Run</source>
        <translation>▶ 运行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="97"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="99"/>
        <source>■ Stop</source>
        <translation>■ 停止</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="100"/>
        <source>Compare IB vs RoCEv2</source>
        <translation>对比 IB 与 RoCEv2</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="101"/>
        <source>Simulate this workload on the design (F5)</source>
        <translation>在此设计上仿真该负载 (F5)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="102"/>
        <source>Run the workload with every back-end segment as IB, then as RoCEv2 (F6)</source>
        <translation>将所有后端分区分别设为 IB 和 RoCEv2 运行该负载 (F6)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="110"/>
        <source>No run yet.</source>
        <translation>尚未运行。</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="113"/>
        <source>Workload</source>
        <translation>负载</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="115"/>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../designer/ui/run_panel.py" line="116"/>
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
        <location filename="../../designer/ui/scenarios_panel.py" line="71"/>
        <source>Workload specs separated by &apos;;&apos;, e.g. allreduce:1GiB</source>
        <translation>负载描述，用“;”分隔，例如 allreduce:1GiB</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="75"/>
        <source>one per line, e.g. switch:spine-01@2ms:up=20ms</source>
        <translation>每行一个，例如 switch:spine-01@2ms:up=20ms</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="80"/>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="80"/>
        <source>A new scenario with the Run panel&apos;s workload</source>
        <translation>以运行面板的负载新建场景</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="81"/>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="81"/>
        <source>Keep the edits of the form (undoable)</source>
        <translation>保留表单中的修改（可撤销）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="82"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="82"/>
        <source>Delete the selected scenario</source>
        <translation>删除选中的场景</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="83"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="83"/>
        <source>Simulate the selected scenario</source>
        <translation>仿真选中的场景</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="84"/>
        <source>Run all</source>
        <translation>全部运行</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="84"/>
        <source>Simulate every scenario and compare them</source>
        <translation>仿真所有场景并进行对比</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="95"/>
        <location filename="../../designer/ui/scenarios_panel.py" line="186"/>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="95"/>
        <source>Completion</source>
        <translation>完成时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="95"/>
        <source>Throughput dip</source>
        <translation>吞吐量跌落</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="96"/>
        <source>Recovery</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="96"/>
        <source>Bytes stalled</source>
        <translation>受阻字节</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="100"/>
        <source>The last run of each scenario: worst throughput dip after a failure, the longest time until traffic moved again, bytes held up by failures</source>
        <translation>每个场景的最近一次运行：故障后最大的吞吐量跌落、流量恢复前的最长时间、因故障受阻的字节数</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="103"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="104"/>
        <source>Workloads</source>
        <translation>负载</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="105"/>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="106"/>
        <source>Failures</source>
        <translation>故障</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="118"/>
        <source>Comparison of the runs</source>
        <translation>各次运行的对比</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="189"/>
        <source>New scenario &apos;{name}&apos;</source>
        <translation>新建场景“{name}”</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="212"/>
        <source>a scenario named &apos;{name}&apos; exists already</source>
        <translation>名为“{name}”的场景已存在</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="217"/>
        <source>Edit scenario &apos;{name}&apos;</source>
        <translation>编辑场景“{name}”</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="225"/>
        <source>Delete scenario &apos;{name}&apos;</source>
        <translation>删除场景“{name}”</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="244"/>
        <source> (stuck)</source>
        <translation>（卡住）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/scenarios_panel.py" line="245"/>
        <source>never</source>
        <translation>从不</translation>
    </message>
</context>
<context>
    <name>ScheduleFailureDialog</name>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="29"/>
        <source>Schedule failure of {element}</source>
        <translation>安排 {element} 故障</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="31"/>
        <source>Simulated time of the failure, e.g. 2ms, 500us, 0.01s</source>
        <translation>故障的仿真时间，例如 2ms、500us、0.01s</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="33"/>
        <source>stays down</source>
        <translation>保持中断</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="34"/>
        <source>Optional: when the element comes back (after the failure time)</source>
        <translation>可选：元件恢复的时间（晚于故障时间）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="36"/>
        <source>goes down</source>
        <translation>中断</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="37"/>
        <source>Optional: the link keeps running at this lower speed instead of going down (an optic falling back to fewer lanes)</source>
        <translation>可选：链路以此较低速率继续运行而不中断（光模块降为更少通道）</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="43"/>
        <source>Fails at</source>
        <translation>故障时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="44"/>
        <source>Back up at</source>
        <translation>恢复时间</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="46"/>
        <source>Degraded speed (Gb/s)</source>
        <translation>降级速率 (Gb/s)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="63"/>
        <source>Give the time of the failure, e.g. 2ms</source>
        <translation>请给出故障时间，例如 2ms</translation>
    </message>
    <message>
        <location filename="../../designer/ui/failure_dialog.py" line="65"/>
        <source>Use Fail now during a run; a schedule needs a time, e.g. 2ms</source>
        <translation>运行中请使用“立即故障”；安排故障需要时间，例如 2ms</translation>
    </message>
</context>
<context>
    <name>SegmentDialog</name>
    <message>
        <location filename="../../designer/ui/main_window.py" line="532"/>
        <source>New back-end segment</source>
        <translation>新建后端分区</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="535"/>
        <source>RoCEv2</source>
        <translation>RoCEv2</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="536"/>
        <source>InfiniBand</source>
        <translation>InfiniBand</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="538"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../designer/ui/main_window.py" line="539"/>
        <source>Protocol</source>
        <translation>协议</translation>
    </message>
</context>
<context>
    <name>SegmentHull</name>
    <message>
        <location filename="../../designer/ui/segment_hull.py" line="88"/>
        <source>Back-end segment &apos;{0}&apos; ({1}), {2} nodes</source>
        <translation>后端分区“{0}”（{1}），{2} 个节点</translation>
    </message>
</context>
<context>
    <name>Theme</name>
    <message>
        <location filename="../../designer/ui/theme.py" line="23"/>
        <source>Ethernet front-end</source>
        <translation>以太网前端网络</translation>
    </message>
</context>
<context>
    <name>TimeBreakdownChart</name>
    <message>
        <location filename="../../designer/ui/time_breakdown.py" line="12"/>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location filename="../../designer/ui/time_breakdown.py" line="13"/>
        <source>transport</source>
        <translation>传输</translation>
    </message>
    <message>
        <location filename="../../designer/ui/time_breakdown.py" line="14"/>
        <source>coordination</source>
        <translation>协调</translation>
    </message>
    <message>
        <location filename="../../designer/ui/time_breakdown.py" line="24"/>
        <source>Where the time went</source>
        <translation>时间花在了哪里</translation>
    </message>
    <message>
        <location filename="../../designer/ui/time_breakdown.py" line="25"/>
        <source>time (ms)</source>
        <translation>时间 (ms)</translation>
    </message>
    <message>
        <location filename="../../designer/ui/time_breakdown.py" line="27"/>
        <source>compute: GPU busy · transport: bytes at line rate on an ideal fabric · coordination: queueing, PFC pauses, credit waits, congestion-control limits and hash collisions</source>
        <translation>计算：GPU 忙碌 · 传输：理想网络上以线速传送字节 · 协调：排队、PFC 暂停、信用等待、拥塞控制限速和哈希冲突</translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <location filename="../../designer/ui/app.py" line="78"/>
        <source>Cannot open</source>
        <translation>无法打开</translation>
    </message>
</context>
<context>
    <name>autosave</name>
    <message>
        <location filename="../../designer/ui/autosave.py" line="192"/>
        <source>Fabric Designer did not close normally last time. Unsaved work was found:

{0}

Restore it?{1}</source>
        <translation>Fabric Designer 上次未正常关闭。发现未保存的工作：

{0}

是否恢复？{1}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/autosave.py" line="194"/>
        <source>Restore unsaved work?</source>
        <translation>恢复未保存的工作？</translation>
    </message>
    <message>
        <location filename="../../designer/ui/autosave.py" line="196"/>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location filename="../../designer/ui/autosave.py" line="197"/>
        <source>Discard</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <location filename="../../designer/ui/autosave.py" line="199"/>
        <source>Decide later</source>
        <translation>稍后决定</translation>
    </message>
    <message>
        <location filename="../../designer/ui/autosave.py" line="227"/>
        <source>Restored {0}</source>
        <translation>已恢复 {0}</translation>
    </message>
</context>
<context>
    <name>link_planner</name>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="50"/>
        <source>&apos;{0}&apos; and &apos;{1}&apos; are end hosts: connect them through a switch</source>
        <translation>“{0}”和“{1}”都是终端主机：请通过交换机连接</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="56"/>
        <source>&apos;{0}&apos; has no free port</source>
        <translation>“{0}”没有空闲端口</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="76"/>
        <source>protocols cannot meet: &apos;{0}&apos; has {1} ports, &apos;{2}&apos; has {3} ports</source>
        <translation>协议不一致：“{0}”有 {1} 端口，“{2}”有 {3} 端口</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="80"/>
        <source>planes cannot meet: &apos;{0}&apos; free ports are on {1}, &apos;{2}&apos; on {3}</source>
        <translation>平面不一致：“{0}”的空闲端口在{1}，“{2}”的在{3}</translation>
    </message>
    <message>
        <location filename="../../designer/ui/link_planner.py" line="83"/>
        <source>no free ports of matching speed: &apos;{0}&apos; has {1}, &apos;{2}&apos; has {3}</source>
        <translation>没有速率匹配的空闲端口：“{0}”有 {1}，“{2}”有 {3}</translation>
    </message>
</context>
</TS>
