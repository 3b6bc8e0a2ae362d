"""The app's page: one screen with the step bar on top (it stays in view), the table on
the left, and on the right the narration, the move composer with its verdict, and the
panels in tabs. On a narrow screen the columns stack: step bar, table, then the rest.

Only layout lives here (CSS and the arrangement of the app's widgets); what the widgets
show is the controller's business (widgets.app).
"""

from __future__ import annotations

import ipywidgets as w

LAYOUT_STYLE = """
<style>
/* The notebook's title and sentence stay, but as one compact line above the app. */
.jp-RenderedMarkdown h1,.jp-RenderedHTMLCommon h1{font-size:20px!important;
  margin:0 10px 0 0!important;padding:0!important;display:inline-block}
.jp-RenderedMarkdown p,.jp-RenderedHTMLCommon p{font-size:13px!important;
  margin:0!important;display:inline}
.jp-RenderedMarkdown,.jp-RenderedHTMLCommon{white-space:nowrap;overflow:hidden;
  text-overflow:ellipsis;padding-right:8px!important}
body{margin:0}
#rendered_cells,.jp-Notebook{padding-top:0!important}
.jp-Cell{padding:0 4px!important}
/* Sticky bars stick to the nearest box that could scroll: ipywidgets' boxes and the
   output area all could, so they must not, for the page itself to be that box. */
.jp-OutputArea,.jp-OutputArea-child,.jp-OutputArea-output,.jp-Cell-outputWrapper,.rt-app,.rt-main,
.rt-left{overflow:visible!important}
.rt-app{width:100%;max-width:100%;box-sizing:border-box;font-family:sans-serif;
  font-size:14px;color:#1a1a1a}
.rt-app *{box-sizing:border-box}
.rt-topbar{position:sticky;top:0;z-index:20;background:#fff;border-bottom:1px solid #ccc;
  padding:3px 0;flex-wrap:wrap!important;align-items:center;gap:2px 8px}
.rt-topbar .widget-dropdown{width:auto!important;max-width:100%}
.rt-topbar .widget-dropdown select{max-width:min(420px,60vw)}
.rt-topbar .widget-dropdown>label{width:auto!important;margin-right:4px}
.rt-stepbar,.rt-branchbar{flex-wrap:wrap!important;align-items:center;gap:2px 4px}
.rt-stepbar .widget-button,.rt-branchbar .widget-button{width:auto!important;
  flex:0 0 auto;padding:0 10px}
.rt-stepbar .rt-slider{width:160px!important;flex:0 1 160px}
.rt-step-label,.rt-move-label{font-weight:bold;min-width:100px}
.rt-main{display:flex!important;flex-wrap:wrap!important;align-items:flex-start;gap:0 10px}
.rt-app .widget-html-content{line-height:1.35}
.rt-app .widget-html,.rt-app .widget-html-content{height:auto}
.rt-left{flex:1 1 600px!important;min-width:0}
.rt-right{flex:0 1 360px!important;min-width:0;max-width:100%}
@media (min-width:1000px){
  .rt-right{position:sticky;top:42px;max-height:calc(100vh - 44px);overflow-y:auto!important}
}
.rt-right>*{flex-shrink:0!important}
.rt-narration{max-height:32vh;overflow-y:auto;border-left:4px solid #1565c0;
  padding:2px 8px;margin:4px 0;background:#f7faff}
.rt-narration p{margin:3px 0}
.rt-narration ul{margin:2px 0;padding-left:18px}
.rt-message:has(>.widget-html-content:empty){
  display:none!important}
.rt-composer{border:2px solid #1565c0;border-radius:8px;padding:4px 6px;margin:4px 0;
  background:#fafcff}
.rt-composer .widget-toggle-buttons{flex-wrap:wrap}
.rt-composer .widget-hbox,.rt-play-controls .widget-hbox{flex-wrap:wrap!important;gap:2px}
.rt-composer .widget-button,.rt-play-controls .widget-button{width:auto!important;
  padding:0 10px;flex:0 0 auto}
.rt-composer .widget-dropdown{width:100%!important;max-width:380px}
.rt-verdict{min-height:22px}
.rt-refusal{background:#ffebee;border:2px solid #b71c1c;border-radius:6px;padding:4px 6px;
  color:#8e0000}
.rt-panels{margin-top:4px}
.rt-chart-box:has(.rt-chart .main-svg) .rt-loading{display:none}
.rt-chart{min-height:300px}
.rt-panels .lm-TabBar-tab,.rt-panels .p-TabBar-tab{min-width:0!important;flex:0 1 auto!important;
  padding:0 8px!important}
.rt-app table.dataframe{border-collapse:collapse;font-size:13px}
.rt-app table.dataframe td:first-child{white-space:nowrap}
.rt-app table.dataframe td,.rt-app table.dataframe th{border:1px solid #ddd;padding:2px 5px;
  text-align:left;vertical-align:top}
.rt-last{font-size:13px;max-height:5.6em;overflow-y:auto;margin:2px 0;padding:2px 6px;background:#fff8e1;
  border:1px solid #f9a825;border-radius:6px}
.rt-footer{flex-wrap:wrap!important;gap:4px 12px;align-items:center;font-size:13px}
.rt-footer .widget-html{max-width:100%;overflow-wrap:anywhere}
.rt-play-controls .widget-checkbox{width:auto!important}
/* The upload button's own label adds a file count ("(0)"), which tells a learner nothing. */
.rt-upload{font-size:0!important}
.rt-upload::after{content:"Load a game";font-size:14px}
.rt-upload i{font-size:14px}
.rt-seat-note{font-size:13px;color:#5d4037}
@media (max-width:700px){
  .jp-RenderedMarkdown p,.jp-RenderedHTMLCommon p{display:none!important}
  .rt-topbar .widget-dropdown>label{display:none!important}
  .rt-topbar .widget-dropdown select{max-width:calc(50vw - 14px)}
  .rt-seat-head{flex-basis:100%!important}
  .rt-stepbar .rt-slider{flex:1 1 120px}
}
/* A visible ring wherever the keyboard is. */
.rt-app button:focus-visible,.rt-app select:focus-visible,.rt-app input:focus-visible,
.rt-app [data-pick]:focus-visible,.rt-app summary:focus-visible,.rt-app a:focus-visible{
  outline:3px solid #ff6f00!important;outline-offset:2px}
</style>
"""

# The learner's flow (issue 25): the newest move where the eye lands, what to do next at
# the end of an example, the slider's focus ring, and on a phone the story of the step
# between the step bar and the table. Kept apart from the card and tooltip rules.
FLOW_STYLE = """
<style>
.rt-newest{background:#fff;border:1px solid #90caf9;border-radius:4px;padding:2px 5px;
  margin:2px 0}
.rt-earlier summary{cursor:pointer;color:#0d47a1}
.rt-earlier>div{border-top:1px dotted #ccc;padding:2px 0}
.rt-latest-move{font-size:13px;background:#fff8e1;border:1px solid #f9a825;border-radius:6px;
  padding:2px 6px;margin:2px 0}
@media (min-width:701px){.rt-latest{display:none!important}}
.rt-latest:has(>.widget-html-content:empty){display:none!important}
.rt-what-next-box{border:2px solid #2e7d32;border-radius:8px;padding:4px 6px;margin:4px 0;
  background:#f1f8e9}
.rt-what-next-box .widget-hbox{gap:4px}
.rt-what-next-box .widget-button{width:auto!important;padding:0 10px;flex:0 0 auto}
.rt-app .noUi-handle:focus-visible,.rt-app .noUi-handle:focus,
.rt-app .slider-container:focus-within .noUi-handle{outline:3px solid #ff6f00!important;
  outline-offset:2px}
/* A quiz choice is a sentence in plain words ("No: Bob is not the buyer, and only the
   buyer decides the deal (SQ-6.1)"): it wraps and is read whole, never cut short. */
.rt-quiz-choice{white-space:normal!important;height:auto!important;min-height:28px;
  text-align:left;line-height:1.3;padding:4px 10px!important}
.rt-comparison table.dataframe{max-width:100%}
.rt-comparison table.dataframe td,.rt-comparison table.dataframe th{overflow-wrap:anywhere}
.rt-comparison table.dataframe td:first-child{white-space:normal}
/* The notebook's one-line title is cut with an ellipsis, never scrolled sideways. */
.jp-RenderedMarkdown,.jp-RenderedHTMLCommon{overflow:hidden!important}
@media (max-width:700px){
  .rt-main{flex-direction:column!important;flex-wrap:nowrap!important;
    align-items:stretch!important}
  .rt-main>.rt-right{display:contents!important}
  .rt-main>.rt-left{flex:0 0 auto!important;order:2;width:100%}
  .rt-main .rt-story,.rt-main .rt-what-next-box,.rt-main .rt-setup-tour,
  .rt-main .rt-step-parts,.rt-main .rt-practice{order:1}
  .rt-main>.rt-right>*{order:3}
  .rt-main>.rt-right>.rt-story,.rt-main>.rt-right>.rt-what-next-box,
  .rt-main>.rt-right>.rt-setup-tour,.rt-main>.rt-right>.rt-step-parts,
  .rt-main>.rt-right>.rt-practice{order:1}
}
</style>
"""


def arrange(style: str, topbar: list, left: list, right: list, footer: list) -> list:
    """The app's children: style, the sticky step bar, the two columns, the footer."""
    top = w.HBox(topbar)
    top.add_class("rt-topbar")
    left_box, right_box = w.VBox(left), w.VBox(right)
    left_box.add_class("rt-left")
    right_box.add_class("rt-right")
    main = w.HBox([left_box, right_box])
    main.add_class("rt-main")
    foot = w.HBox(footer)
    foot.add_class("rt-footer")
    return [w.HTML(style + LAYOUT_STYLE + FLOW_STYLE), top, main, foot]
