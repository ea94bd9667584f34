// overlays.cpp — what the shell draws over the page, each in its own ImGui window: the toast
// (wx.showToast: a short message that goes by itself) and the modal (wx.showModal: a question
// with Confirm and, if it has one, Cancel, which holds the page below until answered).
//
// Index
//   toast .............. toast(), draw_toast()
//   modal .............. modal(), page_gone(), draw_modal(), answer_modal()
#include "ui/app.h"

#include <string>
#include <utility>

namespace ui {

// --- toast -----------------------------------------------------------------------------------

// Show `message` for `ms` milliseconds, and have the screen reader say it.
void App::toast(std::string message, double ms) {
    toast_.text = std::move(message);
    toast_.until = now() + ms;
    toast_.id.reset();
    host_.announce(toast_.text);
    dirty_ = true;
}

// A toast from the strings table: it follows a language switch while it is shown.
void App::toast(miniapp::Str id, double ms) {
    toast(std::string(tr(id)), ms);
    toast_.id = id;
}

// The toast, centred a little above the middle, in a window that takes no input.
void App::draw_toast() {
    if (toast_.text.empty()) return;
    float pad = rpx(28);
    ImVec2 size = measure(toast_.text, FontRole::Body, width_ * 0.7f);
    Rect r{(width_ - size.x) * 0.5f - pad, height_ * 0.42f - size.y * 0.5f - pad, size.x + 2 * pad,
           size.y + 2 * pad};
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(width_, height_));
    ImGui::Begin("##toast", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                     ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoFocusOnAppearing);
    card(r, theme_->toast_bg, 16);
    text(r.inset(pad), toast_.text, FontRole::Body, theme_->toast_text, Align::Center);
    ImGui::End();
}

// --- modal -----------------------------------------------------------------------------------

// Open the modal for the current page; the screen reader says its title and text.
void App::modal(std::string title, std::string content, std::string confirm, std::string cancel,
                std::function<void(bool)> done) {
    modal_ = {true,
              std::move(title),
              std::move(content),
              std::move(confirm),
              std::move(cancel),
              std::move(done),
              current_page()};
    // Two sentences, read together (the shell joins them with the right stop).
    host_.announce(modal_.title);
    if (!modal_.content.empty()) host_.announce(modal_.content);
    dirty_ = true;
}

// A page is going away: its modal, if one is open, closes unanswered.
void App::page_gone(const PageView* page) {
    if (!modal_.open || modal_.owner != page) return;
    modal_ = {};
    dirty_ = true;
}

// The modal: the page dimmed, a card with the title, the text and one or two buttons;
// Escape cancels and every other click is swallowed.
void App::draw_modal() {
    modal_drawn_ = modal_.open;
    if (!modal_.open) return;
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(width_, height_));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    // No border: ImGui clips a window's contents one border width inside its edge, which left
    // an undimmed 1 px frame around the overlay.
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0);
    ImGui::Begin("##modal", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoNav);
    ImDrawList* dl = draw_list();
    dl->AddRectFilled(ImVec2(0, 0), ImVec2(width_, height_), theme_->overlay);
    float w = rpx(600), pad = rpx(40);
    float text_w = w - 2 * pad;
    float title_h = measure(modal_.title, FontRole::Title, text_w).y;
    float content_h =
        modal_.content.empty() ? 0 : measure(modal_.content, FontRole::Body, text_w).y;
    float buttons_h = rpx(100);
    float h = pad + title_h + rpx(24) + content_h + pad + buttons_h;
    Rect r{(width_ - w) * 0.5f, (height_ - h) * 0.5f, w, h};
    card(r, theme_->surface, 24);
    Rect inner{r.x + pad, r.y + pad, text_w, h - 2 * pad - buttons_h};
    text(inner.take_top(title_h, rpx(24)), modal_.title, FontRole::Title, theme_->text,
         Align::Center);
    if (content_h > 0)
        text(inner.take_top(content_h), modal_.content, FontRole::Body, theme_->text_secondary,
             Align::Center);
    Rect buttons{r.x, r.y + h - buttons_h, w, buttons_h};
    dl->AddLine(buttons.min(), ImVec2(buttons.x + w, buttons.y), theme_->divider);
    bool has_cancel = !modal_.cancel.empty();
    Rect confirm_r = buttons, cancel_r = buttons;
    if (has_cancel) {
        cancel_r.w = confirm_r.w = w * 0.5f;
        confirm_r.x += w * 0.5f;
        dl->AddLine(ImVec2(confirm_r.x, buttons.y), ImVec2(confirm_r.x, buttons.y + buttons_h),
                    theme_->divider);
    }
    int choice = -1;
    if (has_cancel && button("modal-cancel", cancel_r, modal_.cancel, ButtonKind::Plain))
        choice = 0;
    if (button("modal-confirm", confirm_r, modal_.confirm, ButtonKind::Link)) choice = 1;
    // Escape dismisses: Cancel, which answer_modal turns into the only button of a modal that
    // has none (an acknowledgement).
    if (choice < 0 && ImGui::IsKeyPressed(ImGuiKey_Escape, false)) choice = 0;
    // Swallow every other click. Submitted last: ImGui gives a press to the first item under
    // the pointer, so the buttons above keep theirs.
    ImGui::SetCursorScreenPos(ImVec2(0, 0));
    ImGui::InvisibleButton("##overlay", ImVec2(width_, height_));
    ImGui::End();
    ImGui::PopStyleVar(2);
    if (choice >= 0) answer_modal(choice == 1);
}

// Answer the open modal as its buttons would (also the keyboard layer's Confirm and Cancel);
// a modal without Cancel is an acknowledgement, which either answer confirms.
bool App::answer_modal(bool confirmed) {
    if (!modal_.open) return false;
    auto done = std::move(modal_.done);
    // A modal without Cancel is an acknowledgement: either answer is its one button.
    if (modal_.cancel.empty()) confirmed = true;
    modal_ = {};
    dirty_ = true;
    if (done) done(confirmed);
    return true;
}

} // namespace ui
