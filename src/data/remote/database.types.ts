export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      activity_events: {
        Row: {
          company_id: string;
          detail: NonNullable<Json>;
          id: string;
          kind: string;
          occurred_at: string;
          op_id: string | null;
          recorded_at: string;
          recorded_by: string | null;
          staff_id: string | null;
          terminal_id: string | null;
          txid: unknown;
          verified: boolean;
        };
        Insert: {
          company_id: string;
          detail?: NonNullable<Json>;
          id: string;
          kind: string;
          occurred_at: string;
          op_id?: string | null;
          recorded_at?: string;
          recorded_by?: string | null;
          staff_id?: string | null;
          terminal_id?: string | null;
          txid?: unknown;
          verified: boolean;
        };
        Update: {
          company_id?: string;
          detail?: NonNullable<Json>;
          id?: string;
          kind?: string;
          occurred_at?: string;
          op_id?: string | null;
          recorded_at?: string;
          recorded_by?: string | null;
          staff_id?: string | null;
          terminal_id?: string | null;
          txid?: unknown;
          verified?: boolean;
        };
        Relationships: [
          {
            foreignKeyName: 'activity_events_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'activity_events_company_id_staff_id_fkey';
            columns: ['company_id', 'staff_id'];
            isOneToOne: false;
            referencedRelation: 'staff';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'activity_events_terminal_id_fkey';
            columns: ['terminal_id'];
            isOneToOne: false;
            referencedRelation: 'terminals';
            referencedColumns: ['id'];
          },
        ];
      };
      applied_ops: {
        Row: {
          applied_at: string;
          company_id: string | null;
          created_at: string | null;
          digest: string | null;
          error: Json | null;
          name: string;
          op_id: string;
          result: Json | null;
          seq: number | null;
          status: string;
          terminal_id: string | null;
          txid: unknown;
          user_id: string;
        };
        Insert: {
          applied_at?: string;
          company_id?: string | null;
          created_at?: string | null;
          digest?: string | null;
          error?: Json | null;
          name: string;
          op_id: string;
          result?: Json | null;
          seq?: number | null;
          status: string;
          terminal_id?: string | null;
          txid?: unknown;
          user_id: string;
        };
        Update: {
          applied_at?: string;
          company_id?: string | null;
          created_at?: string | null;
          digest?: string | null;
          error?: Json | null;
          name?: string;
          op_id?: string;
          result?: Json | null;
          seq?: number | null;
          status?: string;
          terminal_id?: string | null;
          txid?: unknown;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'applied_ops_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      card_payments: {
        Row: {
          amount: number;
          card_brand: string | null;
          card_last4: string | null;
          company_id: string;
          created_at: string;
          created_by: string | null;
          currency: string;
          failure_code: string | null;
          failure_message: string | null;
          id: string;
          linked_at: string | null;
          payment_id: string | null;
          payment_intent_id: string | null;
          reader_id: string | null;
          refunded_amount: number;
          sale_id: string | null;
          status: string;
          terminal_id: string | null;
          updated_at: string;
        };
        Insert: {
          amount: number;
          card_brand?: string | null;
          card_last4?: string | null;
          company_id: string;
          created_at?: string;
          created_by?: string | null;
          currency: string;
          failure_code?: string | null;
          failure_message?: string | null;
          id?: string;
          linked_at?: string | null;
          payment_id?: string | null;
          payment_intent_id?: string | null;
          reader_id?: string | null;
          refunded_amount?: number;
          sale_id?: string | null;
          status?: string;
          terminal_id?: string | null;
          updated_at?: string;
        };
        Update: {
          amount?: number;
          card_brand?: string | null;
          card_last4?: string | null;
          company_id?: string;
          created_at?: string;
          created_by?: string | null;
          currency?: string;
          failure_code?: string | null;
          failure_message?: string | null;
          id?: string;
          linked_at?: string | null;
          payment_id?: string | null;
          payment_intent_id?: string | null;
          reader_id?: string | null;
          refunded_amount?: number;
          sale_id?: string | null;
          status?: string;
          terminal_id?: string | null;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'card_payments_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'card_payments_currency_fkey';
            columns: ['currency'];
            isOneToOne: false;
            referencedRelation: 'currencies';
            referencedColumns: ['code'];
          },
          {
            foreignKeyName: 'card_payments_reader_id_fkey';
            columns: ['reader_id'];
            isOneToOne: false;
            referencedRelation: 'card_readers';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'card_payments_terminal_id_fkey';
            columns: ['terminal_id'];
            isOneToOne: false;
            referencedRelation: 'terminals';
            referencedColumns: ['id'];
          },
        ];
      };
      card_readers: {
        Row: {
          company_id: string;
          created_at: string;
          created_by: string | null;
          device_type: string;
          id: string;
          label: string;
          serial_number: string | null;
          stripe_reader_id: string;
          terminal_id: string | null;
          updated_at: string;
        };
        Insert: {
          company_id: string;
          created_at?: string;
          created_by?: string | null;
          device_type: string;
          id?: string;
          label: string;
          serial_number?: string | null;
          stripe_reader_id: string;
          terminal_id?: string | null;
          updated_at?: string;
        };
        Update: {
          company_id?: string;
          created_at?: string;
          created_by?: string | null;
          device_type?: string;
          id?: string;
          label?: string;
          serial_number?: string | null;
          stripe_reader_id?: string;
          terminal_id?: string | null;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'card_readers_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'card_readers_terminal_id_fkey';
            columns: ['terminal_id'];
            isOneToOne: false;
            referencedRelation: 'terminals';
            referencedColumns: ['id'];
          },
        ];
      };
      cash_movements: {
        Row: {
          amount: number;
          approval_action: string | null;
          approval_verified: boolean | null;
          approved_by: string | null;
          cashier_id: string;
          cashier_verified: boolean;
          company_id: string;
          id: string;
          kind: string;
          occurred_at: string;
          op_id: string | null;
          reason: string | null;
          recorded_at: string;
          shift_id: string;
          terminal_id: string;
          txid: unknown;
          user_id: string;
        };
        Insert: {
          amount: number;
          approval_action?: string | null;
          approval_verified?: boolean | null;
          approved_by?: string | null;
          cashier_id: string;
          cashier_verified?: boolean;
          company_id: string;
          id: string;
          kind: string;
          occurred_at: string;
          op_id?: string | null;
          reason?: string | null;
          recorded_at?: string;
          shift_id: string;
          terminal_id: string;
          txid?: unknown;
          user_id: string;
        };
        Update: {
          amount?: number;
          approval_action?: string | null;
          approval_verified?: boolean | null;
          approved_by?: string | null;
          cashier_id?: string;
          cashier_verified?: boolean;
          company_id?: string;
          id?: string;
          kind?: string;
          occurred_at?: string;
          op_id?: string | null;
          reason?: string | null;
          recorded_at?: string;
          shift_id?: string;
          terminal_id?: string;
          txid?: unknown;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'cash_movements_approved_by_staff_fkey';
            columns: ['company_id', 'approved_by'];
            isOneToOne: false;
            referencedRelation: 'staff';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'cash_movements_cashier_staff_fkey';
            columns: ['company_id', 'cashier_id'];
            isOneToOne: false;
            referencedRelation: 'staff';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'cash_movements_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'cash_movements_company_id_shift_id_fkey';
            columns: ['company_id', 'shift_id'];
            isOneToOne: false;
            referencedRelation: 'shifts';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'cash_movements_terminal_id_fkey';
            columns: ['terminal_id'];
            isOneToOne: false;
            referencedRelation: 'terminals';
            referencedColumns: ['id'];
          },
        ];
      };
      categories: {
        Row: {
          color: string | null;
          company_id: string;
          created_at: string;
          deleted_at: string | null;
          id: string;
          name: string;
          sort_order: number;
          txid: unknown;
          updated_at: string;
        };
        Insert: {
          color?: string | null;
          company_id: string;
          created_at?: string;
          deleted_at?: string | null;
          id?: string;
          name: string;
          sort_order?: number;
          txid?: unknown;
          updated_at?: string;
        };
        Update: {
          color?: string | null;
          company_id?: string;
          created_at?: string;
          deleted_at?: string | null;
          id?: string;
          name?: string;
          sort_order?: number;
          txid?: unknown;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'categories_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      companies: {
        Row: {
          address: string | null;
          approval_pin_digits: number;
          approve_discount_over_bp: number | null;
          approve_line_removal: boolean;
          approve_no_sale: boolean;
          approve_price_override: boolean;
          approve_refund: boolean;
          approve_shift_difference_over: number | null;
          cash_difference_limit: number;
          cash_rounding: number;
          cost_method: string;
          created_at: string;
          created_by: string | null;
          currency: string;
          default_tax_rate_bp: number;
          deleted_at: string | null;
          id: string;
          language: string;
          lock_after_sale: boolean;
          lock_idle_minutes: number;
          name: string;
          prices_include_tax: boolean;
          receipt_footer: string | null;
          receipt_header: string | null;
          require_open_shift: boolean;
          scale_labels: NonNullable<Json>;
          shift_mode: string;
          tax_number: string | null;
          terminal_seq: number;
          time_zone: string;
          txid: unknown;
          updated_at: string;
        };
        Insert: {
          address?: string | null;
          approval_pin_digits?: number;
          approve_discount_over_bp?: number | null;
          approve_line_removal?: boolean;
          approve_no_sale?: boolean;
          approve_price_override?: boolean;
          approve_refund?: boolean;
          approve_shift_difference_over?: number | null;
          cash_difference_limit?: number;
          cash_rounding?: number;
          cost_method?: string;
          created_at?: string;
          created_by?: string | null;
          currency: string;
          default_tax_rate_bp?: number;
          deleted_at?: string | null;
          id?: string;
          language?: string;
          lock_after_sale?: boolean;
          lock_idle_minutes?: number;
          name: string;
          prices_include_tax?: boolean;
          receipt_footer?: string | null;
          receipt_header?: string | null;
          require_open_shift?: boolean;
          scale_labels?: NonNullable<Json>;
          shift_mode?: string;
          tax_number?: string | null;
          terminal_seq?: number;
          time_zone?: string;
          txid?: unknown;
          updated_at?: string;
        };
        Update: {
          address?: string | null;
          approval_pin_digits?: number;
          approve_discount_over_bp?: number | null;
          approve_line_removal?: boolean;
          approve_no_sale?: boolean;
          approve_price_override?: boolean;
          approve_refund?: boolean;
          approve_shift_difference_over?: number | null;
          cash_difference_limit?: number;
          cash_rounding?: number;
          cost_method?: string;
          created_at?: string;
          created_by?: string | null;
          currency?: string;
          default_tax_rate_bp?: number;
          deleted_at?: string | null;
          id?: string;
          language?: string;
          lock_after_sale?: boolean;
          lock_idle_minutes?: number;
          name?: string;
          prices_include_tax?: boolean;
          receipt_footer?: string | null;
          receipt_header?: string | null;
          require_open_shift?: boolean;
          scale_labels?: NonNullable<Json>;
          shift_mode?: string;
          tax_number?: string | null;
          terminal_seq?: number;
          time_zone?: string;
          txid?: unknown;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'companies_currency_fkey';
            columns: ['currency'];
            isOneToOne: false;
            referencedRelation: 'currencies';
            referencedColumns: ['code'];
          },
        ];
      };
      company_members: {
        Row: {
          company_id: string;
          created_at: string;
          deleted_at: string | null;
          display_name: string;
          id: string;
          role: string;
          txid: unknown;
          updated_at: string;
          user_id: string;
        };
        Insert: {
          company_id: string;
          created_at?: string;
          deleted_at?: string | null;
          display_name: string;
          id?: string;
          role: string;
          txid?: unknown;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          company_id?: string;
          created_at?: string;
          deleted_at?: string | null;
          display_name?: string;
          id?: string;
          role?: string;
          txid?: unknown;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'company_members_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      coupons: {
        Row: {
          active: boolean;
          batch_id: string | null;
          code: string;
          company_id: string;
          created_at: string;
          created_by: string | null;
          deleted_at: string | null;
          expires_at: string | null;
          id: string;
          max_uses: number | null;
          promotion_id: string;
          txid: unknown;
          updated_at: string;
          uses: number;
        };
        Insert: {
          active?: boolean;
          batch_id?: string | null;
          code: string;
          company_id: string;
          created_at?: string;
          created_by?: string | null;
          deleted_at?: string | null;
          expires_at?: string | null;
          id?: string;
          max_uses?: number | null;
          promotion_id: string;
          txid?: unknown;
          updated_at?: string;
          uses?: number;
        };
        Update: {
          active?: boolean;
          batch_id?: string | null;
          code?: string;
          company_id?: string;
          created_at?: string;
          created_by?: string | null;
          deleted_at?: string | null;
          expires_at?: string | null;
          id?: string;
          max_uses?: number | null;
          promotion_id?: string;
          txid?: unknown;
          updated_at?: string;
          uses?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'coupons_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'coupons_company_id_promotion_id_fkey';
            columns: ['company_id', 'promotion_id'];
            isOneToOne: false;
            referencedRelation: 'promotions';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      currencies: {
        Row: {
          code: string;
          minor_units: number;
        };
        Insert: {
          code: string;
          minor_units: number;
        };
        Update: {
          code?: string;
          minor_units?: number;
        };
        Relationships: [];
      };
      customers: {
        Row: {
          company_id: string;
          created_at: string;
          deleted_at: string | null;
          email: string | null;
          id: string;
          name: string;
          note: string | null;
          phone: string | null;
          txid: unknown;
          updated_at: string;
        };
        Insert: {
          company_id: string;
          created_at?: string;
          deleted_at?: string | null;
          email?: string | null;
          id?: string;
          name: string;
          note?: string | null;
          phone?: string | null;
          txid?: unknown;
          updated_at?: string;
        };
        Update: {
          company_id?: string;
          created_at?: string;
          deleted_at?: string | null;
          email?: string | null;
          id?: string;
          name?: string;
          note?: string | null;
          phone?: string | null;
          txid?: unknown;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'customers_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      devices: {
        Row: {
          company_id: string;
          id: string;
          last_synced_at: string | null;
          name: string;
          paired_at: string;
          paired_by: string | null;
          revoked_at: string | null;
          revoked_by: string | null;
          store_id: string;
          user_id: string | null;
        };
        Insert: {
          company_id: string;
          id?: string;
          last_synced_at?: string | null;
          name: string;
          paired_at?: string;
          paired_by?: string | null;
          revoked_at?: string | null;
          revoked_by?: string | null;
          store_id: string;
          user_id?: string | null;
        };
        Update: {
          company_id?: string;
          id?: string;
          last_synced_at?: string | null;
          name?: string;
          paired_at?: string;
          paired_by?: string | null;
          revoked_at?: string | null;
          revoked_by?: string | null;
          store_id?: string;
          user_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'devices_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'devices_company_id_store_id_fkey';
            columns: ['company_id', 'store_id'];
            isOneToOne: false;
            referencedRelation: 'stores';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      flags: {
        Row: {
          company_id: string;
          created_at: string;
          dedupe_key: string;
          detail: NonNullable<Json>;
          id: string;
          kind: string;
          op_id: string | null;
          sale_id: string | null;
          terminal_id: string | null;
        };
        Insert: {
          company_id: string;
          created_at?: string;
          dedupe_key: string;
          detail?: NonNullable<Json>;
          id?: string;
          kind: string;
          op_id?: string | null;
          sale_id?: string | null;
          terminal_id?: string | null;
        };
        Update: {
          company_id?: string;
          created_at?: string;
          dedupe_key?: string;
          detail?: NonNullable<Json>;
          id?: string;
          kind?: string;
          op_id?: string | null;
          sale_id?: string | null;
          terminal_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'flags_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'flags_terminal_id_fkey';
            columns: ['terminal_id'];
            isOneToOne: false;
            referencedRelation: 'terminals';
            referencedColumns: ['id'];
          },
        ];
      };
      invites: {
        Row: {
          code: string;
          company_id: string;
          created_at: string;
          created_by: string | null;
          email: string | null;
          expires_at: string;
          id: string;
          revoked_at: string | null;
          role: string;
          used_at: string | null;
          used_by: string | null;
        };
        Insert: {
          code: string;
          company_id: string;
          created_at?: string;
          created_by?: string | null;
          email?: string | null;
          expires_at: string;
          id?: string;
          revoked_at?: string | null;
          role: string;
          used_at?: string | null;
          used_by?: string | null;
        };
        Update: {
          code?: string;
          company_id?: string;
          created_at?: string;
          created_by?: string | null;
          email?: string | null;
          expires_at?: string;
          id?: string;
          revoked_at?: string | null;
          role?: string;
          used_at?: string | null;
          used_by?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'invites_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      modifier_groups: {
        Row: {
          company_id: string;
          created_at: string;
          deleted_at: string | null;
          id: string;
          max_choices: number;
          min_choices: number;
          name: string;
          position: number;
          txid: unknown;
          updated_at: string;
        };
        Insert: {
          company_id: string;
          created_at?: string;
          deleted_at?: string | null;
          id?: string;
          max_choices?: number;
          min_choices?: number;
          name: string;
          position?: number;
          txid?: unknown;
          updated_at?: string;
        };
        Update: {
          company_id?: string;
          created_at?: string;
          deleted_at?: string | null;
          id?: string;
          max_choices?: number;
          min_choices?: number;
          name?: string;
          position?: number;
          txid?: unknown;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'modifier_groups_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      modifier_options: {
        Row: {
          active: boolean;
          company_id: string;
          created_at: string;
          deleted_at: string | null;
          group_id: string;
          id: string;
          name: string;
          position: number;
          price_delta: number;
          txid: unknown;
          updated_at: string;
        };
        Insert: {
          active?: boolean;
          company_id: string;
          created_at?: string;
          deleted_at?: string | null;
          group_id: string;
          id?: string;
          name: string;
          position?: number;
          price_delta?: number;
          txid?: unknown;
          updated_at?: string;
        };
        Update: {
          active?: boolean;
          company_id?: string;
          created_at?: string;
          deleted_at?: string | null;
          group_id?: string;
          id?: string;
          name?: string;
          position?: number;
          price_delta?: number;
          txid?: unknown;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'modifier_options_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'modifier_options_company_id_group_id_fkey';
            columns: ['company_id', 'group_id'];
            isOneToOne: false;
            referencedRelation: 'modifier_groups';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      payments: {
        Row: {
          account_id: string | null;
          amount: number;
          balance_seen: number | null;
          change: number;
          company_id: string;
          id: string;
          method: string;
          offline: boolean | null;
          points: number | null;
          reference: string | null;
          sale_id: string;
          tendered: number | null;
          txid: unknown;
        };
        Insert: {
          account_id?: string | null;
          amount: number;
          balance_seen?: number | null;
          change?: number;
          company_id: string;
          id: string;
          method: string;
          offline?: boolean | null;
          points?: number | null;
          reference?: string | null;
          sale_id: string;
          tendered?: number | null;
          txid?: unknown;
        };
        Update: {
          account_id?: string | null;
          amount?: number;
          balance_seen?: number | null;
          change?: number;
          company_id?: string;
          id?: string;
          method?: string;
          offline?: boolean | null;
          points?: number | null;
          reference?: string | null;
          sale_id?: string;
          tendered?: number | null;
          txid?: unknown;
        };
        Relationships: [
          {
            foreignKeyName: 'payments_company_id_sale_id_fkey';
            columns: ['company_id', 'sale_id'];
            isOneToOne: false;
            referencedRelation: 'sales';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      product_modifier_groups: {
        Row: {
          company_id: string;
          created_at: string;
          deleted_at: string | null;
          group_id: string;
          id: string;
          position: number;
          product_id: string;
          txid: unknown;
          updated_at: string;
        };
        Insert: {
          company_id: string;
          created_at?: string;
          deleted_at?: string | null;
          group_id: string;
          id?: string;
          position?: number;
          product_id: string;
          txid?: unknown;
          updated_at?: string;
        };
        Update: {
          company_id?: string;
          created_at?: string;
          deleted_at?: string | null;
          group_id?: string;
          id?: string;
          position?: number;
          product_id?: string;
          txid?: unknown;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'product_modifier_groups_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'product_modifier_groups_company_id_group_id_fkey';
            columns: ['company_id', 'group_id'];
            isOneToOne: false;
            referencedRelation: 'modifier_groups';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'product_modifier_groups_company_id_product_id_fkey';
            columns: ['company_id', 'product_id'];
            isOneToOne: false;
            referencedRelation: 'products';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      product_variants: {
        Row: {
          company_id: string;
          created_at: string;
          deleted_at: string | null;
          id: string;
          option_values: string[];
          parent_id: string;
          position: number;
          txid: unknown;
          updated_at: string;
        };
        Insert: {
          company_id: string;
          created_at?: string;
          deleted_at?: string | null;
          id: string;
          option_values: string[];
          parent_id: string;
          position?: number;
          txid?: unknown;
          updated_at?: string;
        };
        Update: {
          company_id?: string;
          created_at?: string;
          deleted_at?: string | null;
          id?: string;
          option_values?: string[];
          parent_id?: string;
          position?: number;
          txid?: unknown;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'product_variants_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'product_variants_company_id_id_fkey';
            columns: ['company_id', 'id'];
            isOneToOne: false;
            referencedRelation: 'products';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'product_variants_company_id_parent_id_fkey';
            columns: ['company_id', 'parent_id'];
            isOneToOne: false;
            referencedRelation: 'products';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      products: {
        Row: {
          active: boolean;
          barcode: string | null;
          category_id: string | null;
          company_id: string;
          cost: number | null;
          created_at: string;
          deleted_at: string | null;
          id: string;
          name: string;
          option_names: string[];
          price: number;
          quick_key: number | null;
          reorder_level: number | null;
          scale_code: string | null;
          sku: string | null;
          supplier_id: string | null;
          tax_rate_bp: number;
          track_stock: boolean;
          txid: unknown;
          unit: string;
          updated_at: string;
          weighed: boolean;
        };
        Insert: {
          active?: boolean;
          barcode?: string | null;
          category_id?: string | null;
          company_id: string;
          cost?: number | null;
          created_at?: string;
          deleted_at?: string | null;
          id?: string;
          name: string;
          option_names?: string[];
          price: number;
          quick_key?: number | null;
          reorder_level?: number | null;
          scale_code?: string | null;
          sku?: string | null;
          supplier_id?: string | null;
          tax_rate_bp: number;
          track_stock?: boolean;
          txid?: unknown;
          unit?: string;
          updated_at?: string;
          weighed?: boolean;
        };
        Update: {
          active?: boolean;
          barcode?: string | null;
          category_id?: string | null;
          company_id?: string;
          cost?: number | null;
          created_at?: string;
          deleted_at?: string | null;
          id?: string;
          name?: string;
          option_names?: string[];
          price?: number;
          quick_key?: number | null;
          reorder_level?: number | null;
          scale_code?: string | null;
          sku?: string | null;
          supplier_id?: string | null;
          tax_rate_bp?: number;
          track_stock?: boolean;
          txid?: unknown;
          unit?: string;
          updated_at?: string;
          weighed?: boolean;
        };
        Relationships: [
          {
            foreignKeyName: 'products_company_id_category_id_fkey';
            columns: ['company_id', 'category_id'];
            isOneToOne: false;
            referencedRelation: 'categories';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'products_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'products_supplier_fkey';
            columns: ['company_id', 'supplier_id'];
            isOneToOne: false;
            referencedRelation: 'suppliers';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      promotions: {
        Row: {
          combinable: boolean;
          company_id: string;
          coupon_only: boolean;
          created_at: string;
          created_by: string | null;
          customers_only: boolean;
          deleted_at: string | null;
          ends_at: string | null;
          id: string;
          name: string;
          priority: number;
          rule: NonNullable<Json>;
          slots: NonNullable<Json>;
          starts_at: string | null;
          status: string;
          store_ids: string[];
          txid: unknown;
          updated_at: string;
          updated_by: string | null;
        };
        Insert: {
          combinable?: boolean;
          company_id: string;
          coupon_only?: boolean;
          created_at?: string;
          created_by?: string | null;
          customers_only?: boolean;
          deleted_at?: string | null;
          ends_at?: string | null;
          id?: string;
          name: string;
          priority?: number;
          rule: NonNullable<Json>;
          slots?: NonNullable<Json>;
          starts_at?: string | null;
          status?: string;
          store_ids?: string[];
          txid?: unknown;
          updated_at?: string;
          updated_by?: string | null;
        };
        Update: {
          combinable?: boolean;
          company_id?: string;
          coupon_only?: boolean;
          created_at?: string;
          created_by?: string | null;
          customers_only?: boolean;
          deleted_at?: string | null;
          ends_at?: string | null;
          id?: string;
          name?: string;
          priority?: number;
          rule?: NonNullable<Json>;
          slots?: NonNullable<Json>;
          starts_at?: string | null;
          status?: string;
          store_ids?: string[];
          txid?: unknown;
          updated_at?: string;
          updated_by?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'promotions_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      purchase_order_lines: {
        Row: {
          cancelled: number;
          company_id: string;
          created_at: string;
          held: number;
          id: string;
          off_supplier: boolean;
          position: number;
          product_id: string;
          purchase_order_id: string;
          quantity: number;
          received: number;
          removed_at: string | null;
          store_id: string;
          txid: unknown;
          unit_cost: number | null;
          updated_at: string;
        };
        Insert: {
          cancelled?: number;
          company_id: string;
          created_at?: string;
          held?: number;
          id: string;
          off_supplier?: boolean;
          position: number;
          product_id: string;
          purchase_order_id: string;
          quantity: number;
          received?: number;
          removed_at?: string | null;
          store_id: string;
          txid?: unknown;
          unit_cost?: number | null;
          updated_at?: string;
        };
        Update: {
          cancelled?: number;
          company_id?: string;
          created_at?: string;
          held?: number;
          id?: string;
          off_supplier?: boolean;
          position?: number;
          product_id?: string;
          purchase_order_id?: string;
          quantity?: number;
          received?: number;
          removed_at?: string | null;
          store_id?: string;
          txid?: unknown;
          unit_cost?: number | null;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'purchase_order_lines_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'purchase_order_lines_company_id_product_id_fkey';
            columns: ['company_id', 'product_id'];
            isOneToOne: false;
            referencedRelation: 'products';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'purchase_order_lines_company_id_purchase_order_id_fkey';
            columns: ['company_id', 'purchase_order_id'];
            isOneToOne: false;
            referencedRelation: 'purchase_orders';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'purchase_order_lines_company_id_store_id_fkey';
            columns: ['company_id', 'store_id'];
            isOneToOne: false;
            referencedRelation: 'stores';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      purchase_orders: {
        Row: {
          closed_at: string | null;
          company_id: string;
          created_at: string;
          created_by: string | null;
          expected_on: string | null;
          id: string;
          note: string | null;
          number: string;
          ordered_at: string | null;
          ordered_via: string | null;
          status: string;
          store_id: string;
          supplier_id: string;
          txid: unknown;
          updated_at: string;
          version: number;
        };
        Insert: {
          closed_at?: string | null;
          company_id: string;
          created_at?: string;
          created_by?: string | null;
          expected_on?: string | null;
          id: string;
          note?: string | null;
          number: string;
          ordered_at?: string | null;
          ordered_via?: string | null;
          status?: string;
          store_id: string;
          supplier_id: string;
          txid?: unknown;
          updated_at?: string;
          version?: number;
        };
        Update: {
          closed_at?: string | null;
          company_id?: string;
          created_at?: string;
          created_by?: string | null;
          expected_on?: string | null;
          id?: string;
          note?: string | null;
          number?: string;
          ordered_at?: string | null;
          ordered_via?: string | null;
          status?: string;
          store_id?: string;
          supplier_id?: string;
          txid?: unknown;
          updated_at?: string;
          version?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'purchase_orders_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'purchase_orders_company_id_store_id_fkey';
            columns: ['company_id', 'store_id'];
            isOneToOne: false;
            referencedRelation: 'stores';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'purchase_orders_company_id_supplier_id_fkey';
            columns: ['company_id', 'supplier_id'];
            isOneToOne: false;
            referencedRelation: 'suppliers';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      purchase_receipt_lines: {
        Row: {
          company_id: string;
          held: number;
          id: string;
          position: number;
          posted: number;
          product_id: string;
          purchase_order_id: string;
          purchase_order_line_id: string | null;
          quantity: number;
          receipt_id: string;
          recorded_at: string;
          seen_received: number;
          settle_reason: string | null;
          settled: string | null;
          settled_at: string | null;
          settled_by: string | null;
          store_id: string;
          txid: unknown;
          unit_cost: number | null;
        };
        Insert: {
          company_id: string;
          held?: number;
          id: string;
          position?: number;
          posted: number;
          product_id: string;
          purchase_order_id: string;
          purchase_order_line_id?: string | null;
          quantity: number;
          receipt_id: string;
          recorded_at?: string;
          seen_received?: number;
          settle_reason?: string | null;
          settled?: string | null;
          settled_at?: string | null;
          settled_by?: string | null;
          store_id: string;
          txid?: unknown;
          unit_cost?: number | null;
        };
        Update: {
          company_id?: string;
          held?: number;
          id?: string;
          position?: number;
          posted?: number;
          product_id?: string;
          purchase_order_id?: string;
          purchase_order_line_id?: string | null;
          quantity?: number;
          receipt_id?: string;
          recorded_at?: string;
          seen_received?: number;
          settle_reason?: string | null;
          settled?: string | null;
          settled_at?: string | null;
          settled_by?: string | null;
          store_id?: string;
          txid?: unknown;
          unit_cost?: number | null;
        };
        Relationships: [
          {
            foreignKeyName: 'purchase_receipt_lines_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'purchase_receipt_lines_company_id_product_id_fkey';
            columns: ['company_id', 'product_id'];
            isOneToOne: false;
            referencedRelation: 'products';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'purchase_receipt_lines_company_id_purchase_order_id_fkey';
            columns: ['company_id', 'purchase_order_id'];
            isOneToOne: false;
            referencedRelation: 'purchase_orders';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'purchase_receipt_lines_company_id_purchase_order_line_id_fkey';
            columns: ['company_id', 'purchase_order_line_id'];
            isOneToOne: false;
            referencedRelation: 'purchase_order_lines';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'purchase_receipt_lines_company_id_receipt_id_fkey';
            columns: ['company_id', 'receipt_id'];
            isOneToOne: false;
            referencedRelation: 'purchase_receipts';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'purchase_receipt_lines_company_id_store_id_fkey';
            columns: ['company_id', 'store_id'];
            isOneToOne: false;
            referencedRelation: 'stores';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      purchase_receipts: {
        Row: {
          company_id: string;
          id: string;
          note: string | null;
          occurred_at: string;
          op_id: string | null;
          purchase_order_id: string;
          recorded_at: string;
          recorded_by: string | null;
          staff_id: string | null;
          store_id: string;
          terminal_id: string | null;
          txid: unknown;
        };
        Insert: {
          company_id: string;
          id: string;
          note?: string | null;
          occurred_at: string;
          op_id?: string | null;
          purchase_order_id: string;
          recorded_at?: string;
          recorded_by?: string | null;
          staff_id?: string | null;
          store_id: string;
          terminal_id?: string | null;
          txid?: unknown;
        };
        Update: {
          company_id?: string;
          id?: string;
          note?: string | null;
          occurred_at?: string;
          op_id?: string | null;
          purchase_order_id?: string;
          recorded_at?: string;
          recorded_by?: string | null;
          staff_id?: string | null;
          store_id?: string;
          terminal_id?: string | null;
          txid?: unknown;
        };
        Relationships: [
          {
            foreignKeyName: 'purchase_receipts_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'purchase_receipts_company_id_purchase_order_id_fkey';
            columns: ['company_id', 'purchase_order_id'];
            isOneToOne: false;
            referencedRelation: 'purchase_orders';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'purchase_receipts_company_id_store_id_fkey';
            columns: ['company_id', 'store_id'];
            isOneToOne: false;
            referencedRelation: 'stores';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'purchase_receipts_terminal_id_fkey';
            columns: ['terminal_id'];
            isOneToOne: false;
            referencedRelation: 'terminals';
            referencedColumns: ['id'];
          },
        ];
      };
      purchasing_settings: {
        Row: {
          blind_counts: boolean;
          cashiers_count: boolean;
          cashiers_receive: boolean;
          company_id: string;
          created_at: string;
          id: string;
          over_receipt_flag_pct: number;
          receipt_cost_flag_pct: number;
          txid: unknown;
          updated_at: string;
        };
        Insert: {
          blind_counts?: boolean;
          cashiers_count?: boolean;
          cashiers_receive?: boolean;
          company_id: string;
          created_at?: string;
          id?: never;
          over_receipt_flag_pct?: number;
          receipt_cost_flag_pct?: number;
          txid?: unknown;
          updated_at?: string;
        };
        Update: {
          blind_counts?: boolean;
          cashiers_count?: boolean;
          cashiers_receive?: boolean;
          company_id?: string;
          created_at?: string;
          id?: never;
          over_receipt_flag_pct?: number;
          receipt_cost_flag_pct?: number;
          txid?: unknown;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'purchasing_settings_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: true;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      receipt_emails: {
        Row: {
          claimed_at: string | null;
          company_id: string;
          created_at: string;
          email_hash: string;
          id: string;
          op_id: string | null;
          requested_by: string;
          sale_id: string;
          sent_at: string | null;
        };
        Insert: {
          claimed_at?: string | null;
          company_id: string;
          created_at?: string;
          email_hash: string;
          id: string;
          op_id?: string | null;
          requested_by: string;
          sale_id: string;
          sent_at?: string | null;
        };
        Update: {
          claimed_at?: string | null;
          company_id?: string;
          created_at?: string;
          email_hash?: string;
          id?: string;
          op_id?: string | null;
          requested_by?: string;
          sale_id?: string;
          sent_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'receipt_emails_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'receipt_emails_company_id_sale_id_fkey';
            columns: ['company_id', 'sale_id'];
            isOneToOne: false;
            referencedRelation: 'sales';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      receipt_links: {
        Row: {
          company_id: string;
          created_at: string;
          created_by: string | null;
          op_id: string | null;
          revoked_at: string | null;
          revoked_by: string | null;
          sale_id: string;
          token: string;
        };
        Insert: {
          company_id: string;
          created_at?: string;
          created_by?: string | null;
          op_id?: string | null;
          revoked_at?: string | null;
          revoked_by?: string | null;
          sale_id: string;
          token: string;
        };
        Update: {
          company_id?: string;
          created_at?: string;
          created_by?: string | null;
          op_id?: string | null;
          revoked_at?: string | null;
          revoked_by?: string | null;
          sale_id?: string;
          token?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'receipt_links_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'receipt_links_company_id_sale_id_fkey';
            columns: ['company_id', 'sale_id'];
            isOneToOne: false;
            referencedRelation: 'sales';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      sale_line_modifiers: {
        Row: {
          company_id: string;
          group_id: string;
          group_name: string;
          id: string;
          option_id: string;
          option_name: string;
          position: number;
          price_delta: number;
          quantity: number;
          sale_id: string;
          sale_line_id: string;
          txid: unknown;
        };
        Insert: {
          company_id: string;
          group_id: string;
          group_name: string;
          id: string;
          option_id: string;
          option_name: string;
          position: number;
          price_delta: number;
          quantity: number;
          sale_id: string;
          sale_line_id: string;
          txid?: unknown;
        };
        Update: {
          company_id?: string;
          group_id?: string;
          group_name?: string;
          id?: string;
          option_id?: string;
          option_name?: string;
          position?: number;
          price_delta?: number;
          quantity?: number;
          sale_id?: string;
          sale_line_id?: string;
          txid?: unknown;
        };
        Relationships: [
          {
            foreignKeyName: 'sale_line_modifiers_company_id_sale_id_fkey';
            columns: ['company_id', 'sale_id'];
            isOneToOne: false;
            referencedRelation: 'sales';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'sale_line_modifiers_group_id_fkey';
            columns: ['group_id'];
            isOneToOne: false;
            referencedRelation: 'modifier_groups';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'sale_line_modifiers_option_id_fkey';
            columns: ['option_id'];
            isOneToOne: false;
            referencedRelation: 'modifier_options';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'sale_line_modifiers_sale_line_id_fkey';
            columns: ['sale_line_id'];
            isOneToOne: false;
            referencedRelation: 'sale_lines';
            referencedColumns: ['id'];
          },
        ];
      };
      sale_lines: {
        Row: {
          company_id: string;
          discount: number;
          gift_card_account_id: string | null;
          id: string;
          line_no: number;
          name: string;
          product_id: string | null;
          quantity: number;
          refund_of_line_id: string | null;
          sale_id: string;
          sku: string | null;
          tax: number;
          tax_rate_bp: number;
          total: number;
          txid: unknown;
          unit_cost: number | null;
          unit_price: number;
        };
        Insert: {
          company_id: string;
          discount?: number;
          gift_card_account_id?: string | null;
          id: string;
          line_no: number;
          name: string;
          product_id?: string | null;
          quantity: number;
          refund_of_line_id?: string | null;
          sale_id: string;
          sku?: string | null;
          tax: number;
          tax_rate_bp: number;
          total: number;
          txid?: unknown;
          unit_cost?: number | null;
          unit_price: number;
        };
        Update: {
          company_id?: string;
          discount?: number;
          gift_card_account_id?: string | null;
          id?: string;
          line_no?: number;
          name?: string;
          product_id?: string | null;
          quantity?: number;
          refund_of_line_id?: string | null;
          sale_id?: string;
          sku?: string | null;
          tax?: number;
          tax_rate_bp?: number;
          total?: number;
          txid?: unknown;
          unit_cost?: number | null;
          unit_price?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'sale_lines_company_id_product_id_fkey';
            columns: ['company_id', 'product_id'];
            isOneToOne: false;
            referencedRelation: 'products';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'sale_lines_company_id_sale_id_fkey';
            columns: ['company_id', 'sale_id'];
            isOneToOne: false;
            referencedRelation: 'sales';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'sale_lines_refund_of_line_id_fkey';
            columns: ['refund_of_line_id'];
            isOneToOne: false;
            referencedRelation: 'sale_lines';
            referencedColumns: ['id'];
          },
        ];
      };
      sale_promotions: {
        Row: {
          company_id: string;
          coupon_code: string | null;
          created_at: string;
          id: string;
          promotion_id: string;
          removed: boolean;
          removed_by: string | null;
          sale_id: string;
          server_amount: number;
          till_amount: number;
        };
        Insert: {
          company_id: string;
          coupon_code?: string | null;
          created_at?: string;
          id?: string;
          promotion_id: string;
          removed?: boolean;
          removed_by?: string | null;
          sale_id: string;
          server_amount?: number;
          till_amount?: number;
        };
        Update: {
          company_id?: string;
          coupon_code?: string | null;
          created_at?: string;
          id?: string;
          promotion_id?: string;
          removed?: boolean;
          removed_by?: string | null;
          sale_id?: string;
          server_amount?: number;
          till_amount?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'sale_promotions_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      sales: {
        Row: {
          approval_action: string | null;
          approval_verified: boolean | null;
          approved_by: string | null;
          cashier_id: string;
          cashier_verified: boolean;
          company_id: string;
          currency: string;
          customer_id: string | null;
          discount_total: number;
          id: string;
          kind: string;
          note: string | null;
          occurred_at: string;
          op_id: string;
          prices_include_tax: boolean;
          reason: string | null;
          receipt_no: string;
          recorded_at: string;
          recorded_by: string;
          refund_of: string | null;
          rounding: number;
          shift_id: string | null;
          store_id: string;
          subtotal: number;
          tax_total: number;
          terminal_id: string;
          total: number;
          txid: unknown;
        };
        Insert: {
          approval_action?: string | null;
          approval_verified?: boolean | null;
          approved_by?: string | null;
          cashier_id: string;
          cashier_verified?: boolean;
          company_id: string;
          currency: string;
          customer_id?: string | null;
          discount_total: number;
          id: string;
          kind: string;
          note?: string | null;
          occurred_at: string;
          op_id: string;
          prices_include_tax: boolean;
          reason?: string | null;
          receipt_no: string;
          recorded_at?: string;
          recorded_by: string;
          refund_of?: string | null;
          rounding?: number;
          shift_id?: string | null;
          store_id: string;
          subtotal: number;
          tax_total: number;
          terminal_id: string;
          total: number;
          txid?: unknown;
        };
        Update: {
          approval_action?: string | null;
          approval_verified?: boolean | null;
          approved_by?: string | null;
          cashier_id?: string;
          cashier_verified?: boolean;
          company_id?: string;
          currency?: string;
          customer_id?: string | null;
          discount_total?: number;
          id?: string;
          kind?: string;
          note?: string | null;
          occurred_at?: string;
          op_id?: string;
          prices_include_tax?: boolean;
          reason?: string | null;
          receipt_no?: string;
          recorded_at?: string;
          recorded_by?: string;
          refund_of?: string | null;
          rounding?: number;
          shift_id?: string | null;
          store_id?: string;
          subtotal?: number;
          tax_total?: number;
          terminal_id?: string;
          total?: number;
          txid?: unknown;
        };
        Relationships: [
          {
            foreignKeyName: 'sales_approved_by_staff_fkey';
            columns: ['company_id', 'approved_by'];
            isOneToOne: false;
            referencedRelation: 'staff';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'sales_cashier_staff_fkey';
            columns: ['company_id', 'cashier_id'];
            isOneToOne: false;
            referencedRelation: 'staff';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'sales_company_id_customer_id_fkey';
            columns: ['company_id', 'customer_id'];
            isOneToOne: false;
            referencedRelation: 'customers';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'sales_company_id_store_id_fkey';
            columns: ['company_id', 'store_id'];
            isOneToOne: false;
            referencedRelation: 'stores';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'sales_currency_fkey';
            columns: ['currency'];
            isOneToOne: false;
            referencedRelation: 'currencies';
            referencedColumns: ['code'];
          },
          {
            foreignKeyName: 'sales_refund_of_fkey';
            columns: ['refund_of'];
            isOneToOne: false;
            referencedRelation: 'sales';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'sales_shift_id_fkey';
            columns: ['shift_id'];
            isOneToOne: false;
            referencedRelation: 'shifts';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'sales_terminal_id_fkey';
            columns: ['terminal_id'];
            isOneToOne: false;
            referencedRelation: 'terminals';
            referencedColumns: ['id'];
          },
        ];
      };
      shifts: {
        Row: {
          approval_action: string | null;
          approval_verified: boolean | null;
          approved_at: string | null;
          approved_by: string | null;
          cashier_id: string;
          cashier_verified: boolean;
          closed_at: string | null;
          closed_by: string | null;
          company_id: string;
          counted_cash: number | null;
          expected_cash: number | null;
          id: string;
          needs_approval: boolean;
          note: string | null;
          op_id: string | null;
          opened_at: string;
          opening_float: number;
          recorded_at: string;
          recorded_by: string | null;
          store_id: string;
          terminal_id: string;
          txid: unknown;
        };
        Insert: {
          approval_action?: string | null;
          approval_verified?: boolean | null;
          approved_at?: string | null;
          approved_by?: string | null;
          cashier_id: string;
          cashier_verified?: boolean;
          closed_at?: string | null;
          closed_by?: string | null;
          company_id: string;
          counted_cash?: number | null;
          expected_cash?: number | null;
          id: string;
          needs_approval?: boolean;
          note?: string | null;
          op_id?: string | null;
          opened_at: string;
          opening_float: number;
          recorded_at?: string;
          recorded_by?: string | null;
          store_id: string;
          terminal_id: string;
          txid?: unknown;
        };
        Update: {
          approval_action?: string | null;
          approval_verified?: boolean | null;
          approved_at?: string | null;
          approved_by?: string | null;
          cashier_id?: string;
          cashier_verified?: boolean;
          closed_at?: string | null;
          closed_by?: string | null;
          company_id?: string;
          counted_cash?: number | null;
          expected_cash?: number | null;
          id?: string;
          needs_approval?: boolean;
          note?: string | null;
          op_id?: string | null;
          opened_at?: string;
          opening_float?: number;
          recorded_at?: string;
          recorded_by?: string | null;
          store_id?: string;
          terminal_id?: string;
          txid?: unknown;
        };
        Relationships: [
          {
            foreignKeyName: 'shifts_approved_by_staff_fkey';
            columns: ['company_id', 'approved_by'];
            isOneToOne: false;
            referencedRelation: 'staff';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'shifts_cashier_staff_fkey';
            columns: ['company_id', 'cashier_id'];
            isOneToOne: false;
            referencedRelation: 'staff';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'shifts_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'shifts_company_id_store_id_fkey';
            columns: ['company_id', 'store_id'];
            isOneToOne: false;
            referencedRelation: 'stores';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'shifts_terminal_id_fkey';
            columns: ['terminal_id'];
            isOneToOne: false;
            referencedRelation: 'terminals';
            referencedColumns: ['id'];
          },
        ];
      };
      staff: {
        Row: {
          active: boolean;
          company_id: string;
          created_at: string;
          deleted_at: string | null;
          id: string;
          language: string | null;
          name: string;
          passkeys: NonNullable<Json>;
          pin_iterations: number | null;
          pin_kdf: Json | null;
          pin_salt: string | null;
          pin_set: boolean | null;
          pin_verifier: string | null;
          role: string;
          txid: unknown;
          updated_at: string;
          user_id: string | null;
        };
        Insert: {
          active?: boolean;
          company_id: string;
          created_at?: string;
          deleted_at?: string | null;
          id?: string;
          language?: string | null;
          name: string;
          passkeys?: NonNullable<Json>;
          pin_iterations?: number | null;
          pin_kdf?: Json | null;
          pin_salt?: string | null;
          pin_set?: never;
          pin_verifier?: string | null;
          role: string;
          txid?: unknown;
          updated_at?: string;
          user_id?: string | null;
        };
        Update: {
          active?: boolean;
          company_id?: string;
          created_at?: string;
          deleted_at?: string | null;
          id?: string;
          language?: string | null;
          name?: string;
          passkeys?: NonNullable<Json>;
          pin_iterations?: number | null;
          pin_kdf?: Json | null;
          pin_salt?: string | null;
          pin_set?: never;
          pin_verifier?: string | null;
          role?: string;
          txid?: unknown;
          updated_at?: string;
          user_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'staff_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      stock_document_events: {
        Row: {
          company_id: string;
          detail: NonNullable<Json>;
          document_id: string;
          document_kind: string;
          from_status: string | null;
          id: string;
          kind: string;
          occurred_at: string;
          op_id: string | null;
          recorded_at: string;
          recorded_by: string | null;
          seq: number;
          staff_id: string | null;
          to_status: string | null;
        };
        Insert: {
          company_id: string;
          detail?: NonNullable<Json>;
          document_id: string;
          document_kind: string;
          from_status?: string | null;
          id?: string;
          kind: string;
          occurred_at: string;
          op_id?: string | null;
          recorded_at?: string;
          recorded_by?: string | null;
          seq?: never;
          staff_id?: string | null;
          to_status?: string | null;
        };
        Update: {
          company_id?: string;
          detail?: NonNullable<Json>;
          document_id?: string;
          document_kind?: string;
          from_status?: string | null;
          id?: string;
          kind?: string;
          occurred_at?: string;
          op_id?: string | null;
          recorded_at?: string;
          recorded_by?: string | null;
          seq?: never;
          staff_id?: string | null;
          to_status?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'stock_document_events_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      stock_levels: {
        Row: {
          company_id: string;
          id: string;
          is_negative: boolean | null;
          on_hand: number;
          product_id: string;
          store_id: string;
          txid: unknown;
          updated_at: string;
        };
        Insert: {
          company_id: string;
          id?: string;
          is_negative?: never;
          on_hand?: number;
          product_id: string;
          store_id: string;
          txid?: unknown;
          updated_at?: string;
        };
        Update: {
          company_id?: string;
          id?: string;
          is_negative?: never;
          on_hand?: number;
          product_id?: string;
          store_id?: string;
          txid?: unknown;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'stock_levels_company_id_product_id_fkey';
            columns: ['company_id', 'product_id'];
            isOneToOne: false;
            referencedRelation: 'products';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'stock_levels_company_id_store_id_fkey';
            columns: ['company_id', 'store_id'];
            isOneToOne: false;
            referencedRelation: 'stores';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      stock_movements: {
        Row: {
          company_id: string;
          delta: number;
          id: string;
          note: string | null;
          occurred_at: string;
          op_id: string | null;
          product_id: string;
          reason: string;
          recorded_at: string;
          sale_id: string | null;
          sale_line_id: string | null;
          store_id: string;
          terminal_id: string | null;
          txid: unknown;
          unit_cost: number | null;
          user_id: string | null;
        };
        Insert: {
          company_id: string;
          delta: number;
          id: string;
          note?: string | null;
          occurred_at: string;
          op_id?: string | null;
          product_id: string;
          reason: string;
          recorded_at?: string;
          sale_id?: string | null;
          sale_line_id?: string | null;
          store_id: string;
          terminal_id?: string | null;
          txid?: unknown;
          unit_cost?: number | null;
          user_id?: string | null;
        };
        Update: {
          company_id?: string;
          delta?: number;
          id?: string;
          note?: string | null;
          occurred_at?: string;
          op_id?: string | null;
          product_id?: string;
          reason?: string;
          recorded_at?: string;
          sale_id?: string | null;
          sale_line_id?: string | null;
          store_id?: string;
          terminal_id?: string | null;
          txid?: unknown;
          unit_cost?: number | null;
          user_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'stock_movements_company_id_product_id_fkey';
            columns: ['company_id', 'product_id'];
            isOneToOne: false;
            referencedRelation: 'products';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'stock_movements_company_id_store_id_fkey';
            columns: ['company_id', 'store_id'];
            isOneToOne: false;
            referencedRelation: 'stores';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'stock_movements_sale_id_fkey';
            columns: ['sale_id'];
            isOneToOne: false;
            referencedRelation: 'sales';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'stock_movements_sale_line_id_fkey';
            columns: ['sale_line_id'];
            isOneToOne: false;
            referencedRelation: 'sale_lines';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'stock_movements_terminal_id_fkey';
            columns: ['terminal_id'];
            isOneToOne: false;
            referencedRelation: 'terminals';
            referencedColumns: ['id'];
          },
        ];
      };
      stocktake_lines: {
        Row: {
          company_id: string;
          counted: number;
          counted_at: string;
          id: string;
          in_scope: boolean;
          late: boolean;
          op_id: string | null;
          product_id: string;
          recorded_at: string;
          recorded_by: string | null;
          replaces: string | null;
          staff_id: string | null;
          stocktake_id: string;
          store_id: string;
          terminal_id: string | null;
          txid: unknown;
          zone: string | null;
        };
        Insert: {
          company_id: string;
          counted: number;
          counted_at: string;
          id: string;
          in_scope?: boolean;
          late?: boolean;
          op_id?: string | null;
          product_id: string;
          recorded_at?: string;
          recorded_by?: string | null;
          replaces?: string | null;
          staff_id?: string | null;
          stocktake_id: string;
          store_id: string;
          terminal_id?: string | null;
          txid?: unknown;
          zone?: string | null;
        };
        Update: {
          company_id?: string;
          counted?: number;
          counted_at?: string;
          id?: string;
          in_scope?: boolean;
          late?: boolean;
          op_id?: string | null;
          product_id?: string;
          recorded_at?: string;
          recorded_by?: string | null;
          replaces?: string | null;
          staff_id?: string | null;
          stocktake_id?: string;
          store_id?: string;
          terminal_id?: string | null;
          txid?: unknown;
          zone?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'stocktake_lines_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'stocktake_lines_company_id_product_id_fkey';
            columns: ['company_id', 'product_id'];
            isOneToOne: false;
            referencedRelation: 'products';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'stocktake_lines_company_id_replaces_fkey';
            columns: ['company_id', 'replaces'];
            isOneToOne: false;
            referencedRelation: 'stocktake_lines';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'stocktake_lines_company_id_stocktake_id_fkey';
            columns: ['company_id', 'stocktake_id'];
            isOneToOne: false;
            referencedRelation: 'stocktakes';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'stocktake_lines_company_id_store_id_fkey';
            columns: ['company_id', 'store_id'];
            isOneToOne: false;
            referencedRelation: 'stores';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'stocktake_lines_terminal_id_fkey';
            columns: ['terminal_id'];
            isOneToOne: false;
            referencedRelation: 'terminals';
            referencedColumns: ['id'];
          },
        ];
      };
      stocktake_results: {
        Row: {
          company_id: string;
          counted: number;
          counted_at: string;
          created_at: string;
          expected: number;
          id: string;
          in_scope: boolean;
          movement_id: string | null;
          product_id: string;
          stocktake_id: string;
          store_id: string;
          unit_cost: number | null;
          variance: number;
          variance_value: number | null;
        };
        Insert: {
          company_id: string;
          counted: number;
          counted_at: string;
          created_at?: string;
          expected: number;
          id?: string;
          in_scope?: boolean;
          movement_id?: string | null;
          product_id: string;
          stocktake_id: string;
          store_id: string;
          unit_cost?: number | null;
          variance: number;
          variance_value?: number | null;
        };
        Update: {
          company_id?: string;
          counted?: number;
          counted_at?: string;
          created_at?: string;
          expected?: number;
          id?: string;
          in_scope?: boolean;
          movement_id?: string | null;
          product_id?: string;
          stocktake_id?: string;
          store_id?: string;
          unit_cost?: number | null;
          variance?: number;
          variance_value?: number | null;
        };
        Relationships: [
          {
            foreignKeyName: 'stocktake_results_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'stocktake_results_company_id_product_id_fkey';
            columns: ['company_id', 'product_id'];
            isOneToOne: false;
            referencedRelation: 'products';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'stocktake_results_company_id_stocktake_id_fkey';
            columns: ['company_id', 'stocktake_id'];
            isOneToOne: false;
            referencedRelation: 'stocktakes';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'stocktake_results_company_id_store_id_fkey';
            columns: ['company_id', 'store_id'];
            isOneToOne: false;
            referencedRelation: 'stores';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      stocktakes: {
        Row: {
          approved_at: string | null;
          approved_by: string | null;
          cancelled_at: string | null;
          category_id: string | null;
          company_id: string;
          created_at: string;
          created_by: string | null;
          id: string;
          note: string | null;
          number: string;
          opened_at: string;
          scope: string;
          status: string;
          store_id: string;
          supplier_id: string | null;
          txid: unknown;
          uncounted: string | null;
          updated_at: string;
          version: number;
        };
        Insert: {
          approved_at?: string | null;
          approved_by?: string | null;
          cancelled_at?: string | null;
          category_id?: string | null;
          company_id: string;
          created_at?: string;
          created_by?: string | null;
          id: string;
          note?: string | null;
          number: string;
          opened_at: string;
          scope: string;
          status?: string;
          store_id: string;
          supplier_id?: string | null;
          txid?: unknown;
          uncounted?: string | null;
          updated_at?: string;
          version?: number;
        };
        Update: {
          approved_at?: string | null;
          approved_by?: string | null;
          cancelled_at?: string | null;
          category_id?: string | null;
          company_id?: string;
          created_at?: string;
          created_by?: string | null;
          id?: string;
          note?: string | null;
          number?: string;
          opened_at?: string;
          scope?: string;
          status?: string;
          store_id?: string;
          supplier_id?: string | null;
          txid?: unknown;
          uncounted?: string | null;
          updated_at?: string;
          version?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'stocktakes_company_id_category_id_fkey';
            columns: ['company_id', 'category_id'];
            isOneToOne: false;
            referencedRelation: 'categories';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'stocktakes_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'stocktakes_company_id_store_id_fkey';
            columns: ['company_id', 'store_id'];
            isOneToOne: false;
            referencedRelation: 'stores';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'stocktakes_company_id_supplier_id_fkey';
            columns: ['company_id', 'supplier_id'];
            isOneToOne: false;
            referencedRelation: 'suppliers';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      stores: {
        Row: {
          address: string | null;
          company_id: string;
          created_at: string;
          deleted_at: string | null;
          id: string;
          name: string;
          txid: unknown;
          updated_at: string;
        };
        Insert: {
          address?: string | null;
          company_id: string;
          created_at?: string;
          deleted_at?: string | null;
          id?: string;
          name: string;
          txid?: unknown;
          updated_at?: string;
        };
        Update: {
          address?: string | null;
          company_id?: string;
          created_at?: string;
          deleted_at?: string | null;
          id?: string;
          name?: string;
          txid?: unknown;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'stores_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      suppliers: {
        Row: {
          company_id: string;
          created_at: string;
          deleted_at: string | null;
          email: string | null;
          id: string;
          lead_time_days: number;
          name: string;
          phone: string | null;
          txid: unknown;
          updated_at: string;
        };
        Insert: {
          company_id: string;
          created_at?: string;
          deleted_at?: string | null;
          email?: string | null;
          id?: string;
          lead_time_days?: number;
          name: string;
          phone?: string | null;
          txid?: unknown;
          updated_at?: string;
        };
        Update: {
          company_id?: string;
          created_at?: string;
          deleted_at?: string | null;
          email?: string | null;
          id?: string;
          lead_time_days?: number;
          name?: string;
          phone?: string | null;
          txid?: unknown;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'suppliers_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      terminals: {
        Row: {
          code: string;
          company_id: string;
          created_at: string;
          deleted_at: string | null;
          id: string;
          name: string;
          registered_by: string | null;
          store_id: string;
          txid: unknown;
          updated_at: string;
        };
        Insert: {
          code: string;
          company_id: string;
          created_at?: string;
          deleted_at?: string | null;
          id: string;
          name: string;
          registered_by?: string | null;
          store_id: string;
          txid?: unknown;
          updated_at?: string;
        };
        Update: {
          code?: string;
          company_id?: string;
          created_at?: string;
          deleted_at?: string | null;
          id?: string;
          name?: string;
          registered_by?: string | null;
          store_id?: string;
          txid?: unknown;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'terminals_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'terminals_company_id_store_id_fkey';
            columns: ['company_id', 'store_id'];
            isOneToOne: false;
            referencedRelation: 'stores';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      transfer_lines: {
        Row: {
          company_id: string;
          created_at: string;
          damaged: number;
          from_store_id: string;
          held: number;
          id: string;
          lost: number;
          position: number;
          product_id: string;
          quantity: number;
          received: number;
          removed_at: string | null;
          returned: number;
          sent: number;
          to_store_id: string;
          transfer_id: string;
          txid: unknown;
          updated_at: string;
        };
        Insert: {
          company_id: string;
          created_at?: string;
          damaged?: number;
          from_store_id: string;
          held?: number;
          id: string;
          lost?: number;
          position: number;
          product_id: string;
          quantity: number;
          received?: number;
          removed_at?: string | null;
          returned?: number;
          sent?: number;
          to_store_id: string;
          transfer_id: string;
          txid?: unknown;
          updated_at?: string;
        };
        Update: {
          company_id?: string;
          created_at?: string;
          damaged?: number;
          from_store_id?: string;
          held?: number;
          id?: string;
          lost?: number;
          position?: number;
          product_id?: string;
          quantity?: number;
          received?: number;
          removed_at?: string | null;
          returned?: number;
          sent?: number;
          to_store_id?: string;
          transfer_id?: string;
          txid?: unknown;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'transfer_lines_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'transfer_lines_company_id_from_store_id_fkey';
            columns: ['company_id', 'from_store_id'];
            isOneToOne: false;
            referencedRelation: 'stores';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transfer_lines_company_id_product_id_fkey';
            columns: ['company_id', 'product_id'];
            isOneToOne: false;
            referencedRelation: 'products';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transfer_lines_company_id_to_store_id_fkey';
            columns: ['company_id', 'to_store_id'];
            isOneToOne: false;
            referencedRelation: 'stores';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transfer_lines_company_id_transfer_id_fkey';
            columns: ['company_id', 'transfer_id'];
            isOneToOne: false;
            referencedRelation: 'transfers';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      transfer_receipt_lines: {
        Row: {
          company_id: string;
          damaged: number;
          held: number;
          held_damaged: number;
          id: string;
          position: number;
          posted: number;
          posted_damaged: number;
          product_id: string;
          receipt_id: string;
          received: number;
          recorded_at: string;
          seen_received: number;
          settle_reason: string | null;
          settled: string | null;
          settled_at: string | null;
          settled_by: string | null;
          store_id: string;
          transfer_id: string;
          transfer_line_id: string;
          txid: unknown;
        };
        Insert: {
          company_id: string;
          damaged?: number;
          held?: number;
          held_damaged?: number;
          id: string;
          position?: number;
          posted: number;
          posted_damaged?: number;
          product_id: string;
          receipt_id: string;
          received?: number;
          recorded_at?: string;
          seen_received?: number;
          settle_reason?: string | null;
          settled?: string | null;
          settled_at?: string | null;
          settled_by?: string | null;
          store_id: string;
          transfer_id: string;
          transfer_line_id: string;
          txid?: unknown;
        };
        Update: {
          company_id?: string;
          damaged?: number;
          held?: number;
          held_damaged?: number;
          id?: string;
          position?: number;
          posted?: number;
          posted_damaged?: number;
          product_id?: string;
          receipt_id?: string;
          received?: number;
          recorded_at?: string;
          seen_received?: number;
          settle_reason?: string | null;
          settled?: string | null;
          settled_at?: string | null;
          settled_by?: string | null;
          store_id?: string;
          transfer_id?: string;
          transfer_line_id?: string;
          txid?: unknown;
        };
        Relationships: [
          {
            foreignKeyName: 'transfer_receipt_lines_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'transfer_receipt_lines_company_id_product_id_fkey';
            columns: ['company_id', 'product_id'];
            isOneToOne: false;
            referencedRelation: 'products';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transfer_receipt_lines_company_id_receipt_id_fkey';
            columns: ['company_id', 'receipt_id'];
            isOneToOne: false;
            referencedRelation: 'transfer_receipts';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transfer_receipt_lines_company_id_store_id_fkey';
            columns: ['company_id', 'store_id'];
            isOneToOne: false;
            referencedRelation: 'stores';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transfer_receipt_lines_company_id_transfer_id_fkey';
            columns: ['company_id', 'transfer_id'];
            isOneToOne: false;
            referencedRelation: 'transfers';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transfer_receipt_lines_company_id_transfer_line_id_fkey';
            columns: ['company_id', 'transfer_line_id'];
            isOneToOne: false;
            referencedRelation: 'transfer_lines';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      transfer_receipts: {
        Row: {
          company_id: string;
          id: string;
          note: string | null;
          occurred_at: string;
          op_id: string | null;
          recorded_at: string;
          recorded_by: string | null;
          staff_id: string | null;
          store_id: string;
          terminal_id: string | null;
          transfer_id: string;
          txid: unknown;
        };
        Insert: {
          company_id: string;
          id: string;
          note?: string | null;
          occurred_at: string;
          op_id?: string | null;
          recorded_at?: string;
          recorded_by?: string | null;
          staff_id?: string | null;
          store_id: string;
          terminal_id?: string | null;
          transfer_id: string;
          txid?: unknown;
        };
        Update: {
          company_id?: string;
          id?: string;
          note?: string | null;
          occurred_at?: string;
          op_id?: string | null;
          recorded_at?: string;
          recorded_by?: string | null;
          staff_id?: string | null;
          store_id?: string;
          terminal_id?: string | null;
          transfer_id?: string;
          txid?: unknown;
        };
        Relationships: [
          {
            foreignKeyName: 'transfer_receipts_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'transfer_receipts_company_id_store_id_fkey';
            columns: ['company_id', 'store_id'];
            isOneToOne: false;
            referencedRelation: 'stores';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transfer_receipts_company_id_transfer_id_fkey';
            columns: ['company_id', 'transfer_id'];
            isOneToOne: false;
            referencedRelation: 'transfers';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transfer_receipts_terminal_id_fkey';
            columns: ['terminal_id'];
            isOneToOne: false;
            referencedRelation: 'terminals';
            referencedColumns: ['id'];
          },
        ];
      };
      transfers: {
        Row: {
          closed_at: string | null;
          company_id: string;
          created_at: string;
          created_by: string | null;
          from_store_id: string;
          id: string;
          note: string | null;
          number: string;
          sent_at: string | null;
          sent_by_staff: string | null;
          status: string;
          to_store_id: string;
          txid: unknown;
          updated_at: string;
          version: number;
        };
        Insert: {
          closed_at?: string | null;
          company_id: string;
          created_at?: string;
          created_by?: string | null;
          from_store_id: string;
          id: string;
          note?: string | null;
          number: string;
          sent_at?: string | null;
          sent_by_staff?: string | null;
          status?: string;
          to_store_id: string;
          txid?: unknown;
          updated_at?: string;
          version?: number;
        };
        Update: {
          closed_at?: string | null;
          company_id?: string;
          created_at?: string;
          created_by?: string | null;
          from_store_id?: string;
          id?: string;
          note?: string | null;
          number?: string;
          sent_at?: string | null;
          sent_by_staff?: string | null;
          status?: string;
          to_store_id?: string;
          txid?: unknown;
          updated_at?: string;
          version?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'transfers_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'transfers_company_id_from_store_id_fkey';
            columns: ['company_id', 'from_store_id'];
            isOneToOne: false;
            referencedRelation: 'stores';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transfers_company_id_to_store_id_fkey';
            columns: ['company_id', 'to_store_id'];
            isOneToOne: false;
            referencedRelation: 'stores';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      value_accounts: {
        Row: {
          code_hash: string | null;
          code_last4: string | null;
          company_id: string;
          created_at: string;
          credit_limit: number | null;
          customer_id: string | null;
          id: string;
          issued_line_id: string | null;
          issued_sale_id: string | null;
          kind: string;
          note: string | null;
          status: string;
          txid: unknown;
          updated_at: string;
        };
        Insert: {
          code_hash?: string | null;
          code_last4?: string | null;
          company_id: string;
          created_at?: string;
          credit_limit?: number | null;
          customer_id?: string | null;
          id: string;
          issued_line_id?: string | null;
          issued_sale_id?: string | null;
          kind: string;
          note?: string | null;
          status?: string;
          txid?: unknown;
          updated_at?: string;
        };
        Update: {
          code_hash?: string | null;
          code_last4?: string | null;
          company_id?: string;
          created_at?: string;
          credit_limit?: number | null;
          customer_id?: string | null;
          id?: string;
          issued_line_id?: string | null;
          issued_sale_id?: string | null;
          kind?: string;
          note?: string | null;
          status?: string;
          txid?: unknown;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'value_accounts_company_id_customer_id_fkey';
            columns: ['company_id', 'customer_id'];
            isOneToOne: false;
            referencedRelation: 'customers';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'value_accounts_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      value_balances: {
        Row: {
          account_id: string;
          balance: number;
          company_id: string;
          entries: number;
          id: string;
          last_entry_at: string | null;
          txid: unknown;
        };
        Insert: {
          account_id: string;
          balance?: number;
          company_id: string;
          entries?: number;
          id?: never;
          last_entry_at?: string | null;
          txid?: unknown;
        };
        Update: {
          account_id?: string;
          balance?: number;
          company_id?: string;
          entries?: number;
          id?: never;
          last_entry_at?: string | null;
          txid?: unknown;
        };
        Relationships: [
          {
            foreignKeyName: 'value_balances_company_id_account_id_fkey';
            columns: ['company_id', 'account_id'];
            isOneToOne: false;
            referencedRelation: 'value_accounts';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      value_entries: {
        Row: {
          account_id: string;
          balance_after: number;
          change: number | null;
          company_id: string;
          delta: number;
          id: string;
          kind: string;
          occurred_at: string;
          op_id: string | null;
          payment_id: string | null;
          reason: string | null;
          receipt_no: string | null;
          recorded_at: string;
          recorded_by: string | null;
          reference: string | null;
          sale_id: string | null;
          sale_line_id: string | null;
          seq: number;
          shift_id: string | null;
          staff_id: string | null;
          tender_method: string | null;
          tendered: number | null;
          terminal_id: string | null;
          till_delta: number | null;
          txid: unknown;
        };
        Insert: {
          account_id: string;
          balance_after?: number;
          change?: number | null;
          company_id: string;
          delta: number;
          id: string;
          kind: string;
          occurred_at: string;
          op_id?: string | null;
          payment_id?: string | null;
          reason?: string | null;
          receipt_no?: string | null;
          recorded_at?: string;
          recorded_by?: string | null;
          reference?: string | null;
          sale_id?: string | null;
          sale_line_id?: string | null;
          seq?: never;
          shift_id?: string | null;
          staff_id?: string | null;
          tender_method?: string | null;
          tendered?: number | null;
          terminal_id?: string | null;
          till_delta?: number | null;
          txid?: unknown;
        };
        Update: {
          account_id?: string;
          balance_after?: number;
          change?: number | null;
          company_id?: string;
          delta?: number;
          id?: string;
          kind?: string;
          occurred_at?: string;
          op_id?: string | null;
          payment_id?: string | null;
          reason?: string | null;
          receipt_no?: string | null;
          recorded_at?: string;
          recorded_by?: string | null;
          reference?: string | null;
          sale_id?: string | null;
          sale_line_id?: string | null;
          seq?: never;
          shift_id?: string | null;
          staff_id?: string | null;
          tender_method?: string | null;
          tendered?: number | null;
          terminal_id?: string | null;
          till_delta?: number | null;
          txid?: unknown;
        };
        Relationships: [
          {
            foreignKeyName: 'value_entries_company_id_account_id_fkey';
            columns: ['company_id', 'account_id'];
            isOneToOne: false;
            referencedRelation: 'value_accounts';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'value_entries_terminal_id_fkey';
            columns: ['terminal_id'];
            isOneToOne: false;
            referencedRelation: 'terminals';
            referencedColumns: ['id'];
          },
        ];
      };
      value_settings: {
        Row: {
          company_id: string;
          created_at: string;
          gift_card_amounts: number[];
          gift_card_any_amount: boolean;
          gift_card_max: number;
          gift_card_min: number;
          gift_card_offline_allowance: number;
          id: string;
          loyalty_enabled: boolean;
          loyalty_offline_allowance: number;
          loyalty_points_per_major: number;
          loyalty_redeem_as: string;
          loyalty_redeem_points: number;
          loyalty_redeem_value: number;
          on_account_offline_allowance: number;
          store_credit_offline_allowance: number;
          txid: unknown;
          updated_at: string;
        };
        Insert: {
          company_id: string;
          created_at?: string;
          gift_card_amounts?: number[];
          gift_card_any_amount?: boolean;
          gift_card_max?: number;
          gift_card_min?: number;
          gift_card_offline_allowance?: number;
          id?: never;
          loyalty_enabled?: boolean;
          loyalty_offline_allowance?: number;
          loyalty_points_per_major?: number;
          loyalty_redeem_as?: string;
          loyalty_redeem_points?: number;
          loyalty_redeem_value?: number;
          on_account_offline_allowance?: number;
          store_credit_offline_allowance?: number;
          txid?: unknown;
          updated_at?: string;
        };
        Update: {
          company_id?: string;
          created_at?: string;
          gift_card_amounts?: number[];
          gift_card_any_amount?: boolean;
          gift_card_max?: number;
          gift_card_min?: number;
          gift_card_offline_allowance?: number;
          id?: never;
          loyalty_enabled?: boolean;
          loyalty_offline_allowance?: number;
          loyalty_points_per_major?: number;
          loyalty_redeem_as?: string;
          loyalty_redeem_points?: number;
          loyalty_redeem_value?: number;
          on_account_offline_allowance?: number;
          store_credit_offline_allowance?: number;
          txid?: unknown;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'value_settings_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: true;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
    };
    Views: {
      [_ in never]: never;
    };
    Functions: {
      apply_ops: { Args: { ops: Json }; Returns: Json };
      approve_shift: {
        Args: { p_shift: string };
        Returns: {
          approval_action: string | null;
          approval_verified: boolean | null;
          approved_at: string | null;
          approved_by: string | null;
          cashier_id: string;
          cashier_verified: boolean;
          closed_at: string | null;
          closed_by: string | null;
          company_id: string;
          counted_cash: number | null;
          expected_cash: number | null;
          id: string;
          needs_approval: boolean;
          note: string | null;
          op_id: string | null;
          opened_at: string;
          opening_float: number;
          recorded_at: string;
          recorded_by: string | null;
          store_id: string;
          terminal_id: string;
          txid: unknown;
        };
        SetofOptions: {
          from: '*';
          to: 'shifts';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      card_access: {
        Args: { p_min_role?: string; p_payment_id?: string; p_reader_id?: string; p_terminal_id?: string };
        Returns: Json;
      };
      card_payment_card: {
        Args: { p_brand: string; p_id: string; p_last4: string };
        Returns: {
          amount: number;
          card_brand: string | null;
          card_last4: string | null;
          company_id: string;
          created_at: string;
          created_by: string | null;
          currency: string;
          failure_code: string | null;
          failure_message: string | null;
          id: string;
          linked_at: string | null;
          payment_id: string | null;
          payment_intent_id: string | null;
          reader_id: string | null;
          refunded_amount: number;
          sale_id: string | null;
          status: string;
          terminal_id: string | null;
          updated_at: string;
        };
        SetofOptions: {
          from: '*';
          to: 'card_payments';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      card_payment_event: {
        Args: {
          p_card_payment_id: string;
          p_event_id: string;
          p_failure_code?: string;
          p_failure_message?: string;
          p_payment_intent_id: string;
          p_refunded_amount?: number;
          p_status: string;
          p_type: string;
        };
        Returns: Json;
      };
      card_payment_issues: {
        Args: { p_minutes?: number; p_terminal_id: string };
        Returns: {
          issue: string;
          payment: Json;
        }[];
      };
      card_payment_open: {
        Args: {
          p_amount: number;
          p_company_id: string;
          p_currency: string;
          p_reader_id: string;
          p_sale_id: string;
          p_terminal_id: string;
          p_user: string;
        };
        Returns: {
          amount: number;
          card_brand: string | null;
          card_last4: string | null;
          company_id: string;
          created_at: string;
          created_by: string | null;
          currency: string;
          failure_code: string | null;
          failure_message: string | null;
          id: string;
          linked_at: string | null;
          payment_id: string | null;
          payment_intent_id: string | null;
          reader_id: string | null;
          refunded_amount: number;
          sale_id: string | null;
          status: string;
          terminal_id: string | null;
          updated_at: string;
        };
        SetofOptions: {
          from: '*';
          to: 'card_payments';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      card_payment_refunded: {
        Args: { p_amount: number; p_id: string; p_stripe_refund_id: string; p_user: string };
        Returns: {
          amount: number;
          card_brand: string | null;
          card_last4: string | null;
          company_id: string;
          created_at: string;
          created_by: string | null;
          currency: string;
          failure_code: string | null;
          failure_message: string | null;
          id: string;
          linked_at: string | null;
          payment_id: string | null;
          payment_intent_id: string | null;
          reader_id: string | null;
          refunded_amount: number;
          sale_id: string | null;
          status: string;
          terminal_id: string | null;
          updated_at: string;
        };
        SetofOptions: {
          from: '*';
          to: 'card_payments';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      card_payment_update: {
        Args: {
          p_failure_code?: string;
          p_failure_message?: string;
          p_id: string;
          p_payment_intent_id: string;
          p_status: string;
        };
        Returns: {
          amount: number;
          card_brand: string | null;
          card_last4: string | null;
          company_id: string;
          created_at: string;
          created_by: string | null;
          currency: string;
          failure_code: string | null;
          failure_message: string | null;
          id: string;
          linked_at: string | null;
          payment_id: string | null;
          payment_intent_id: string | null;
          reader_id: string | null;
          refunded_amount: number;
          sale_id: string | null;
          status: string;
          terminal_id: string | null;
          updated_at: string;
        };
        SetofOptions: {
          from: '*';
          to: 'card_payments';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      card_reader_assign: {
        Args: { p_reader_id: string; p_terminal_id: string };
        Returns: {
          company_id: string;
          created_at: string;
          created_by: string | null;
          device_type: string;
          id: string;
          label: string;
          serial_number: string | null;
          stripe_reader_id: string;
          terminal_id: string | null;
          updated_at: string;
        };
        SetofOptions: {
          from: '*';
          to: 'card_readers';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      card_reader_save: {
        Args: {
          p_company_id: string;
          p_device_type: string;
          p_label: string;
          p_serial_number: string;
          p_stripe_reader_id: string;
          p_terminal_id: string;
          p_user: string;
        };
        Returns: {
          company_id: string;
          created_at: string;
          created_by: string | null;
          device_type: string;
          id: string;
          label: string;
          serial_number: string | null;
          stripe_reader_id: string;
          terminal_id: string | null;
          updated_at: string;
        };
        SetofOptions: {
          from: '*';
          to: 'card_readers';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      check_staff_pin: { Args: { p_company_id: string; p_key: string; p_staff_id: string }; Returns: Json };
      create_company: {
        Args: {
          p_currency?: string;
          p_default_tax_rate_bp?: number;
          p_display_name?: string;
          p_name: string;
          p_prices_include_tax?: boolean;
          p_store_name?: string;
          p_time_zone?: string;
        };
        Returns: Json;
      };
      create_invite: {
        Args: { p_company: string; p_email?: string; p_role: string; p_valid_days?: number };
        Returns: Json;
      };
      create_pairing_code: { Args: { p_company: string; p_name: string; p_store: string }; Returns: Json };
      customer_value: { Args: { p_company: string; p_customer: string }; Returns: Json };
      import_products: { Args: { p_company: string; p_rows: Json }; Returns: Json };
      insight_customers: {
        Args: { p_company: string; p_from: string; p_store?: string; p_to: string };
        Returns: Json;
      };
      insight_heatmap: {
        Args: { p_company: string; p_from: string; p_store?: string; p_to: string };
        Returns: Json;
      };
      insight_inventory: {
        Args: {
          p_company: string;
          p_cover_days?: number;
          p_dead_days?: number;
          p_from: string;
          p_lead_days?: number;
          p_store?: string;
          p_to: string;
        };
        Returns: Json;
      };
      insight_sales: {
        Args: { p_company: string; p_from: string; p_store?: string; p_to: string };
        Returns: Json;
      };
      join_company: { Args: { p_code: string; p_display_name?: string }; Returns: Json };
      list_devices: { Args: { p_company: string }; Returns: Json };
      list_flags: {
        Args: { p_company: string; p_since?: string };
        Returns: {
          company_id: string;
          created_at: string;
          dedupe_key: string;
          detail: NonNullable<Json>;
          id: string;
          kind: string;
          op_id: string | null;
          sale_id: string | null;
          terminal_id: string | null;
        }[];
        SetofOptions: {
          from: '*';
          to: 'flags';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      list_invites: {
        Args: { p_company: string };
        Returns: {
          code: string;
          company_id: string;
          created_at: string;
          created_by: string | null;
          email: string | null;
          expires_at: string;
          id: string;
          revoked_at: string | null;
          role: string;
          used_at: string | null;
          used_by: string | null;
        }[];
        SetofOptions: {
          from: '*';
          to: 'invites';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      pair_device_claim: { Args: { p_client: string; p_code: string }; Returns: Json };
      pair_device_finish: { Args: { p_pairing: string; p_user: string }; Returns: Json };
      passkey_checks_due: { Args: { p_company_id: string }; Returns: number };
      passkey_checks_pending: { Args: { p_company_id: string; p_limit: number }; Returns: Json };
      promotion_report: {
        Args: { p_company: string; p_from: string; p_to: string };
        Returns: {
          discount_given: number;
          name: string;
          promotion_id: string;
          refunds_total: number;
          removed_count: number;
          sales_count: number;
          sales_total: number;
          server_amount: number;
          status: string;
          uses: number;
        }[];
      };
      public_receipt: { Args: { p_token: string }; Returns: Json };
      pull_changes: { Args: { p_after?: Json; p_limit?: number; p_table: string }; Returns: Json };
      pull_device_changes: { Args: { p_after?: Json; p_limit?: number; p_table: string }; Returns: Json };
      purchase_order_mail_request: { Args: { p_id: string; p_purchase_order_id: string }; Returns: Json };
      purchase_order_mail_sent: { Args: { p_id: string }; Returns: Json };
      purge_tombstones: { Args: { p_older_than?: string }; Returns: Json };
      receipt_email_claim: { Args: { p_claim: boolean; p_id: string }; Returns: boolean };
      receipt_email_request: { Args: { p_email?: string; p_id: string; p_sale_id?: string }; Returns: Json };
      receipt_email_sent: { Args: { p_id: string }; Returns: undefined };
      receipt_for_mail: { Args: { p_id: string; p_new_token: string }; Returns: Json };
      register_staff_passkey: {
        Args: {
          p_authenticator_data: string;
          p_client_data_json: string;
          p_company_id: string;
          p_credential_id: string;
          p_name: string;
          p_public_key: string;
          p_staff_id: string;
        };
        Returns: Json;
      };
      register_terminal: { Args: { p_id?: string; p_name: string; p_store: string }; Returns: Json };
      remove_staff_passkey: { Args: { p_company_id: string; p_passkey_id: string }; Returns: undefined };
      report_card_unverified: {
        Args: { p_company: string; p_from: string; p_to: string };
        Returns: {
          amount: number;
          payments_count: number;
        }[];
      };
      report_customer_totals: {
        Args: { p_company: string };
        Returns: {
          customer_id: string;
          last_visit: string;
          net_spend: number;
          visits: number;
        }[];
      };
      report_in_transit: {
        Args: { p_company: string; p_store?: string };
        Returns: {
          days_in_transit: number;
          from_store_id: string;
          in_transit: number;
          name: string;
          number: string;
          product_id: string;
          sent_at: string;
          sku: string;
          to_store_id: string;
          transfer_id: string;
          value_at_cost: number;
        }[];
      };
      report_low_stock: {
        Args: { p_company: string; p_store?: string };
        Returns: {
          name: string;
          on_hand: number;
          product_id: string;
          reorder_level: number;
          sku: string;
          store_id: string;
        }[];
      };
      report_margin: {
        Args: { p_company: string; p_from: string; p_to: string };
        Returns: {
          cost_total: number;
          costed_net: number;
          margin: number;
          net_sales: number;
          uncosted_lines: number;
          uncosted_net: number;
        }[];
      };
      report_modifiers: {
        Args: { p_company: string; p_from: string; p_to: string };
        Returns: {
          delta_total: number;
          group_name: string;
          option_id: string;
          option_name: string;
          quantity: number;
        }[];
      };
      report_payment_mix: {
        Args: { p_company: string; p_from: string; p_to: string };
        Returns: {
          method: string;
          net_amount: number;
          payments_count: number;
        }[];
      };
      report_received: {
        Args: { p_company: string; p_from: string; p_store?: string; p_supplier?: string; p_to: string };
        Returns: {
          cost_value: number;
          name: string;
          product_id: string;
          quantity: number;
          receipts: number;
          sku: string;
          supplier_id: string;
          supplier_name: string;
          uncosted_quantity: number;
        }[];
      };
      report_refunds: {
        Args: { p_company: string; p_from: string; p_to: string };
        Returns: {
          cashier_id: string;
          id: string;
          occurred_at: string;
          original_receipt_no: string;
          reason: string;
          receipt_no: string;
          recorded_at: string;
          refund_of: string;
          terminal_id: string;
          total: number;
        }[];
      };
      report_sales_by_cashier: {
        Args: { p_company: string; p_from: string; p_to: string };
        Returns: {
          cashier_id: string;
          display_name: string;
          net_total: number;
          refunds_count: number;
          sales_count: number;
        }[];
      };
      report_sales_by_day: {
        Args: { p_company: string; p_from: string; p_to: string };
        Returns: {
          day: string;
          net_total: number;
          refunds_count: number;
          refunds_total: number;
          sales_count: number;
          sales_total: number;
          tax_total: number;
        }[];
      };
      report_sales_by_hour: {
        Args: { p_company: string; p_from: string; p_to: string };
        Returns: {
          hour: number;
          net_total: number;
          sales_count: number;
        }[];
      };
      report_sales_by_terminal: {
        Args: { p_company: string; p_from: string; p_to: string };
        Returns: {
          code: string;
          name: string;
          net_total: number;
          refunds_count: number;
          sales_count: number;
          terminal_id: string;
        }[];
      };
      report_stocktake_variances: {
        Args: { p_company: string; p_from: string; p_store?: string; p_to: string };
        Returns: {
          approved_at: string;
          counted: number;
          expected: number;
          name: string;
          number: string;
          product_id: string;
          sku: string;
          stocktake_id: string;
          store_id: string;
          variance: number;
          variance_value: number;
        }[];
      };
      report_top_products: {
        Args: { p_company: string; p_from: string; p_limit?: number; p_to: string };
        Returns: {
          name: string;
          net_total: number;
          product_id: string;
          quantity: number;
        }[];
      };
      revoke_device: { Args: { p_company: string; p_device: string }; Returns: Json };
      revoke_invite: { Args: { p_invite: string }; Returns: Json };
      revoke_receipt_link: { Args: { p_sale_id: string }; Returns: number };
      save_product_variants: {
        Args: { p_option_names: string[]; p_parent: string; p_variants: Json };
        Returns: Json;
      };
      save_staff: {
        Args: { p_company_id: string; p_staff: Json };
        Returns: {
          active: boolean;
          company_id: string;
          created_at: string;
          deleted_at: string | null;
          id: string;
          language: string | null;
          name: string;
          passkeys: NonNullable<Json>;
          pin_iterations: number | null;
          pin_kdf: Json | null;
          pin_salt: string | null;
          pin_set: boolean | null;
          pin_verifier: string | null;
          role: string;
          txid: unknown;
          updated_at: string;
          user_id: string | null;
        };
        SetofOptions: {
          from: '*';
          to: 'staff';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      save_value_account: {
        Args: {
          p_company: string;
          p_credit_limit?: number;
          p_customer: string;
          p_kind: string;
          p_note?: string;
        };
        Returns: {
          code_hash: string | null;
          code_last4: string | null;
          company_id: string;
          created_at: string;
          credit_limit: number | null;
          customer_id: string | null;
          id: string;
          issued_line_id: string | null;
          issued_sale_id: string | null;
          kind: string;
          note: string | null;
          status: string;
          txid: unknown;
          updated_at: string;
        };
        SetofOptions: {
          from: '*';
          to: 'value_accounts';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      set_shop_language: { Args: { p_company_id: string; p_language: string }; Returns: string };
      set_staff_language: {
        Args: { p_company_id: string; p_language: string; p_staff_id: string };
        Returns: {
          active: boolean;
          company_id: string;
          created_at: string;
          deleted_at: string | null;
          id: string;
          language: string | null;
          name: string;
          passkeys: NonNullable<Json>;
          pin_iterations: number | null;
          pin_kdf: Json | null;
          pin_salt: string | null;
          pin_set: boolean | null;
          pin_verifier: string | null;
          role: string;
          txid: unknown;
          updated_at: string;
          user_id: string | null;
        };
        SetofOptions: {
          from: '*';
          to: 'staff';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      set_staff_pin: {
        Args: {
          p_company_id: string;
          p_digits: number;
          p_kdf: Json;
          p_key: string;
          p_salt: string;
          p_staff_id: string;
          p_verifier: string;
        };
        Returns: {
          active: boolean;
          company_id: string;
          created_at: string;
          deleted_at: string | null;
          id: string;
          language: string | null;
          name: string;
          passkeys: NonNullable<Json>;
          pin_iterations: number | null;
          pin_kdf: Json | null;
          pin_salt: string | null;
          pin_set: boolean | null;
          pin_verifier: string | null;
          role: string;
          txid: unknown;
          updated_at: string;
          user_id: string | null;
        };
        SetofOptions: {
          from: '*';
          to: 'staff';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      settle_passkey_check: { Args: { p_check_id: string; p_ok: boolean }; Returns: undefined };
      staff_pin_params: { Args: { p_company_id: string; p_staff_id: string }; Returns: Json };
      stocktake_review: { Args: { p_stocktake: string }; Returns: Json };
      value_activity: {
        Args: { p_company: string; p_from: string; p_to: string };
        Returns: {
          account_kind: string;
          adjusted: number;
          charged: number;
          day: string;
          earned: number;
          issued: number;
          loaded: number;
          paid: number;
          redeemed: number;
          refunded: number;
          unearned: number;
          unissued: number;
        }[];
      };
      value_liability: {
        Args: { p_at?: string; p_company: string };
        Returns: {
          accounts: number;
          balance_total: number;
          kind: string;
          money_total: number;
          negative_total: number;
          positive_total: number;
        }[];
      };
      value_lookup: { Args: { p_code: string; p_company: string; p_terminal?: string }; Returns: Json };
      value_receivables: {
        Args: { p_at?: string; p_company: string };
        Returns: {
          account_id: string;
          credit_limit: number;
          current: number;
          customer_id: string;
          days_31_60: number;
          days_61_90: number;
          name: string;
          over_90: number;
          owed: number;
        }[];
      };
      value_statement: {
        Args: { p_account: string; p_company: string; p_from: string; p_to: string };
        Returns: Json;
      };
    };
    Enums: {
      [_ in never]: never;
    };
    CompositeTypes: {
      [_ in never]: never;
    };
  };
};

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>;

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, 'public'>];

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    keyof (DefaultSchema['Tables'] & DefaultSchema['Views']) | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])[TableName] extends {
      Row: infer R;
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    ? (DefaultSchema['Tables'] & DefaultSchema['Views'])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R;
      }
      ? R
      : never
    : never;

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Insert: infer I;
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I;
      }
      ? I
      : never
    : never;

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Update: infer U;
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U;
      }
      ? U
      : never
    : never;

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    keyof DefaultSchema['Enums'] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums']
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums'][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums']
    ? DefaultSchema['Enums'][DefaultSchemaEnumNameOrOptions]
    : never;

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    keyof DefaultSchema['CompositeTypes'] | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes']
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes'][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema['CompositeTypes']
    ? DefaultSchema['CompositeTypes'][PublicCompositeTypeNameOrOptions]
    : never;

export const Constants = {
  public: {
    Enums: {},
  },
} as const;
